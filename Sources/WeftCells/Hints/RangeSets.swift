import WeftLayout

/// Which items are in the visible, display and preload ranges (ASRangeController.mm, ASAbstractLayoutController.mm).
/// Section headers and footers take part like items: a collection's range
/// queries keep every layout attribute in the rect, supplementary views
/// included (ASCollectionViewLayoutController.mm), its visible elements
/// include the visible supplementary views (ASCollectionView.mm), and
/// ASRangeController.mm sets the interface state of every element it is given.
public enum RangeSets {
    /// What the range controller reads for one container.
    public struct Input: Sendable {
        /// Every item's frame in content coordinates, in index-path order.
        public var itemFrames: [(IndexPath, Frame)]
        /// Every section header's and footer's frame where it is drawn.
        public var supplementaryFrames: [(SupplementaryIndexPath, Frame)]
        /// Origin = content offset, size = bounds; insets are not subtracted.
        public var bounds: Frame
        /// The range mode in effect.
        public var mode: RangeMode
        /// The display range's buffers for that mode.
        public var display: TuningParameters
        /// The preload range's buffers for that mode.
        public var preload: TuningParameters
        /// The container's scrollable axes.
        public var scrollable: ScrollDirection
        /// The direction the ranges lead in.
        public var direction: ScrollDirection
        /// Whether the container is on screen; an invisible one has empty ranges.
        public var containerIsVisible: Bool

        /// The ranges' inputs.
        public init(
            itemFrames: [(IndexPath, Frame)], bounds: Frame, mode: RangeMode, display: TuningParameters,
            preload: TuningParameters, scrollable: ScrollDirection, direction: ScrollDirection, containerIsVisible: Bool,
            supplementaryFrames: [(SupplementaryIndexPath, Frame)] = []
        ) {
            self.itemFrames = itemFrames
            self.supplementaryFrames = supplementaryFrames
            self.bounds = bounds
            self.mode = mode
            self.display = display
            self.preload = preload
            self.scrollable = scrollable
            self.direction = direction
            self.containerIsVisible = containerIsVisible
        }
    }

    /// The items (and headers and footers) whose interface state gets the
    /// visible, display and preload bits, each in index-path order.
    public static func compute(_ input: Input) -> RangeHints {
        guard !input.supplementaryFrames.isEmpty else {
            let (v, d, p) = states(input.itemFrames, input)
            return RangeHints(visible: v, display: d, preload: p)
        }
        // One pass over all elements: whether anything is visible at all
        // depends on headers and footers too.
        let all = input.itemFrames.map { (RangeElement.item($0.0), $0.1) }
            + input.supplementaryFrames.map { (RangeElement.supplementary($0.0), $0.1) }
        let (v, d, p) = states(all, input)
        func items(_ e: [RangeElement]) -> [IndexPath] {
            e.compactMap { if case .item(let p) = $0 { p } else { nil } }
        }
        func supplementary(_ e: [RangeElement]) -> [SupplementaryIndexPath] {
            e.compactMap { if case .supplementary(let s) = $0 { s } else { nil } }
        }
        return RangeHints(
            visible: items(v), display: items(d), preload: items(p),
            supplementary: SupplementaryRangeHints(visible: supplementary(v), display: supplementary(d), preload: supplementary(p)))
    }

    /// One pass over the frames in index-path order: every range is a rect
    /// the frame meets or not, so no set of keys is built (a nested
    /// container computes these for every row that holds one).
    private static func states<Key: Comparable>(
        _ given: [(Key, Frame)], _ input: Input
    ) -> (visible: [Key], display: [Key], preload: [Key]) {
        let frames = isSorted(given) ? given : given.sorted { $0.0 < $1.0 }
        let visibleRect = input.bounds
        // With nothing visible Texture only recomputes the visible set and stops.
        guard frames.contains(where: { intersects($0.1, visibleRect) }) else { return ([], [], []) }

        let emptyDisplay = input.mode == .lowMemory
        let displayEqualsPreload = input.display == input.preload
        let displayEqualsVisible = input.display == .zero && !emptyDisplay
        let displayRect: Frame? =
            emptyDisplay ? nil : displayEqualsVisible ? visibleRect : expanded(input, input.display)
        let preloadRect: Frame? = input.preload == .zero ? visibleRect : expanded(input, input.preload)

        // Interface state per item: on screen, visible items get everything and
        // the others what their ranges give; off screen, Texture prepares what
        // will be visible (display and preload) and preloads the display range.
        var v: [Key] = [], d: [Key] = [], p: [Key] = []
        // Room for every cell at once: grown step by step, the three lists
        // cost a dozen allocations for a strip of ten.
        v.reserveCapacity(frames.count)
        d.reserveCapacity(frames.count)
        p.reserveCapacity(frames.count)
        for (index, frame) in frames {
            let visible = intersects(frame, visibleRect)
            let display = displayRect.map { intersects(frame, $0) } ?? false
            let preload = displayEqualsPreload ? display : preloadRect.map { intersects(frame, $0) } ?? false
            if input.containerIsVisible {
                if visible {
                    v.append(index); d.append(index); p.append(index)
                } else {
                    if display { d.append(index) }
                    if preload { p.append(index) }
                }
            } else if visible {
                p.append(index)
                if input.mode != .lowMemory { d.append(index) }
            } else if display {
                p.append(index)
            }
        }
        return (v, d, p)
    }

    private static func isSorted<Key: Comparable>(_ frames: [(Key, Frame)]) -> Bool {
        zip(frames, frames.dropFirst()).allSatisfy { $0.0 < $1.0 }
    }

    private static func expanded(_ input: Input, _ p: TuningParameters) -> Frame {
        RangeTuning.expand(input.bounds, by: p, scrollable: input.scrollable, direction: input.direction)
    }

    /// `CGRectIntersectsRect`, as the layout controllers call it: frames
    /// that only touch the rect's edge do not count. Weft compares open
    /// intervals, so a zero-length item strictly inside the rect still counts.
    static func intersects(_ a: Frame, _ b: Frame) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
