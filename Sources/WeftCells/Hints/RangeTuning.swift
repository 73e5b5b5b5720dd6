import WeftLayout

/// Texture's tuning parameters and the visible-rect expansion (ASAbstractLayoutController.mm).
public enum RangeTuning {
    /// `+[ASAbstractLayoutController defaultTuningParameters]`, shared by
    /// tables and collections.
    public static func defaultParameters(mode: RangeMode, type: RangeType) -> TuningParameters {
        switch (mode, type) {
        case (.full, .display): return TuningParameters(leading: 1, trailing: 0.5)
        case (.full, .preload): return TuningParameters(leading: 2.5, trailing: 1.5)
        case (.minimum, .display): return TuningParameters(leading: 0.25, trailing: 0.25)
        case (.minimum, .preload): return TuningParameters(leading: 0.5, trailing: 0.25)
        case (.visibleOnly, _), (.lowMemory, _): return .zero
        }
    }

    /// ASPagerNode replaces the minimum and full parameters when it loads;
    /// visibleOnly and lowMemory keep the defaults.
    public static func pagerParameters(mode: RangeMode, type: RangeType) -> TuningParameters {
        switch (mode, type) {
        case (.full, .display): return TuningParameters(leading: 1, trailing: 1)
        case (.full, .preload): return TuningParameters(leading: 2, trailing: 2)
        case (.minimum, .display): return .zero
        case (.minimum, .preload): return TuningParameters(leading: 1, trailing: 1)
        default: return defaultParameters(mode: mode, type: type)
        }
    }

    /// The parameters a container uses: the client's override if it sent one.
    public static func parameters(
        mode: RangeMode, type: RangeType, container: ContainerType,
        overrides: [RangeTuningKey: TuningParameters] = [:]
    ) -> TuningParameters {
        if let p = overrides[RangeTuningKey(mode: mode, type: type)] { return p }
        return container == .pager ? pagerParameters(mode: mode, type: type) : defaultParameters(mode: mode, type: type)
    }

    /// `CGRectExpandToRangeWithScrollableDirections`: the bounds rect grown by
    /// the buffers along each scrollable axis. The leading buffer goes right
    /// only when the direction contains right (down only when it contains
    /// down); any other direction puts it left (up).
    public static func expand(
        _ rect: Frame, by p: TuningParameters, scrollable: ScrollDirection, direction: ScrollDirection
    ) -> Frame {
        var r = rect
        if scrollable.hasHorizontal {
            let (right, left) = direction.contains(.right)
                ? (p.leadingBufferScreenfuls, p.trailingBufferScreenfuls)
                : (p.trailingBufferScreenfuls, p.leadingBufferScreenfuls)
            let w = r.width
            r.x -= left * w
            r.width = left * w + w + right * w
        }
        if scrollable.hasVertical {
            let (down, up) = direction.contains(.down)
                ? (p.leadingBufferScreenfuls, p.trailingBufferScreenfuls)
                : (p.trailingBufferScreenfuls, p.leadingBufferScreenfuls)
            let h = r.height
            r.y -= up * h
            r.height = up * h + h + down * h
        }
        return r
    }

    /// The direction ranges are computed for (ASRangeController.mm): only the bits of
    /// the scrollable axes count, and "not moving" is the range controller's
    /// previous direction, which a stateless request takes as its initial
    /// down + right.
    public static func rangeDirection(_ scrolling: ScrollDirection, scrollable: ScrollDirection) -> ScrollDirection {
        let d = scrolling.intersection(scrollable)
        return d.isEmpty ? .initial : d
    }
}
