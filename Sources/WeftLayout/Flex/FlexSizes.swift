/// Box-model arithmetic on nodes: resolved margins, padding, borders, the
/// definite sizes a style gives, and clamping by min/max (CSS Box Sizing 3,
/// CSS Sizing 3 §5.2).
extension FlexLayoutPass {
    /// Margins, padding and insets given as percentages resolve against the
    /// containing block's width on every side (CSS Box Model 3 §4, §5).
    @inline(__always)
    func margin(_ n: Int, _ edge: PhysicalEdge, _ ownerWidth: Double) -> Double {
        tree.nodes[n].style.margin[edge].resolved(against: ownerWidth).orZero
    }

    @inline(__always)
    func marginSum(_ n: Int, _ axis: FlexDirection, _ ownerWidth: Double) -> Double {
        let fixed = tree.nodes[n].style.fixedMargin.along(axis)
        if fixed.isDefined { return fixed }
        return margin(n, axis.physicalStartEdge, ownerWidth) + margin(n, axis.physicalEndEdge, ownerWidth)
    }

    @inline(__always)
    func paddingAndBorder(_ n: Int, _ edge: PhysicalEdge, _ ownerWidth: Double) -> Double {
        // Stored-property paths only: calling a method on `nodes[n].style`
        // would copy the whole style out of the array first.
        Swift.max(0, tree.nodes[n].style.padding[edge].resolved(against: ownerWidth).orZero)
            + tree.nodes[n].style.border[edge]
    }

    @inline(__always)
    func paddingAndBorderSum(_ n: Int, _ axis: FlexDirection, _ ownerWidth: Double) -> Double {
        let fixed = tree.nodes[n].style.fixedPaddingBorder.along(axis)
        if fixed.isDefined { return fixed }
        return paddingAndBorder(n, axis.physicalStartEdge, ownerWidth) + paddingAndBorder(n, axis.physicalEndEdge, ownerWidth)
    }

    /// Whether the node has a min or max size on `axis`.
    @inline(__always)
    func clamps(_ n: Int, _ axis: FlexDirection) -> Bool {
        axis.isRow ? tree.nodes[n].style.clampsWidth : tree.nodes[n].style.clampsHeight
    }

    /// CSS Box Sizing §3: with `content-box` the sizing properties give the
    /// content size, so the padding and border are added to reach the border
    /// box the algorithm works with.
    @inline(__always)
    func borderBox(_ n: Int, _ value: Double, _ axis: FlexDirection, _ ownerWidth: Double) -> Double {
        guard value.isDefined, tree.nodes[n].style.boxSizing == .contentBox else { return value }
        return value + paddingAndBorderSum(n, axis, ownerWidth)
    }

    /// The border-box size the style fixes on `axis` (`width`/`height` in
    /// points, or a percentage of a definite reference), else NaN. Equal min
    /// and max fix the size as well.
    func definiteSize(_ n: Int, _ axis: FlexDirection, _ reference: Double, _ ownerWidth: Double) -> Double {
        let row = axis.isRow
        var d = row ? tree.nodes[n].style.width : tree.nodes[n].style.height
        if clamps(n, axis) {
            let minD = row ? tree.nodes[n].style.minWidth : tree.nodes[n].style.minHeight
            let maxD = row ? tree.nodes[n].style.maxWidth : tree.nodes[n].style.maxHeight
            if case .points = maxD, maxD == minD { d = maxD }
        }
        let v = d.resolved(against: reference)
        guard v.isDefined, v >= 0 else { return .nan }
        return borderBox(n, v, axis, ownerWidth)
    }

    /// Resolved min-width/min-height as a border-box size, NaN when none.
    @inline(__always)
    func minSize(_ n: Int, _ axis: FlexDirection, _ reference: Double, _ ownerWidth: Double) -> Double {
        guard clamps(n, axis) else { return .nan }
        let v = (axis.isRow ? tree.nodes[n].style.minWidth : tree.nodes[n].style.minHeight).resolved(against: reference)
        return v.isDefined && v >= 0 ? borderBox(n, v, axis, ownerWidth) : .nan
    }

    @inline(__always)
    func maxSize(_ n: Int, _ axis: FlexDirection, _ reference: Double, _ ownerWidth: Double) -> Double {
        guard clamps(n, axis) else { return .nan }
        let v = (axis.isRow ? tree.nodes[n].style.maxWidth : tree.nodes[n].style.maxHeight).resolved(against: reference)
        return v.isDefined && v >= 0 ? borderBox(n, v, axis, ownerWidth) : .nan
    }

    /// CSS Sizing 3 §5.2: max-width clamps first and min-width wins over a
    /// smaller max-width ("conflicting min/max": min beats max, unlike Yoga).
    @inline(__always)
    func clampToMinMax(_ n: Int, _ axis: FlexDirection, _ value: Double, _ reference: Double, _ ownerWidth: Double) -> Double {
        var v = value
        if !clamps(n, axis) || (n == unclampedMainNode && axis.isRow == unclampedMainIsRow) { return v }
        let hi = maxSize(n, axis, reference, ownerWidth)
        if hi.isDefined, v > hi { v = hi }
        let lo = minSize(n, axis, reference, ownerWidth)
        if lo.isDefined, v < lo { v = lo }
        return v
    }

    /// As `clampToMinMax`, and never smaller than the padding and border
    /// (CSS Box Sizing: a border box cannot have a negative content box).
    @inline(__always)
    func bound(_ n: Int, _ axis: FlexDirection, _ value: Double, _ reference: Double, _ ownerWidth: Double) -> Double {
        clampToMinMax(n, axis, value, reference, ownerWidth).maxDefined(paddingAndBorderSum(n, axis, ownerWidth))
    }

    /// A max-size turns an unconstrained measurement into a bounded one and
    /// lowers a bounded one (Yoga's constrainMaxSizeForMode). `size` includes
    /// the margins on `axis`.
    @inline(__always)
    func constrainToMax(
        _ n: Int, _ axis: FlexDirection, _ reference: Double, _ ownerWidth: Double,
        _ mode: inout SizingMode, _ size: inout Double
    ) {
        let hi = maxSize(n, axis, reference, ownerWidth)
        guard hi.isDefined else { return }
        let limit = hi + marginSum(n, axis, ownerWidth)
        switch mode {
        case .exactly, .atMost:
            if !(size < limit) { size = limit }
        case .undefined:
            mode = .atMost
            size = limit
        }
    }

    /// CSS Align §6.1: an item's `align-self`, `auto` taking its parent's
    /// `align-items`.
    @inline(__always)
    func alignSelf(_ c: Int, parent n: Int) -> Align {
        let own = tree.nodes[c].style.alignSelf
        return own == .auto ? tree.nodes[n].style.alignItems : own
    }

    /// CSS Sizing 3 §3.2 keywords as a measurement request for the margin
    /// box: `max-content` unconstrained, `fit-content` within the available
    /// space, `stretch` filling it. Nil for any other size.
    func keywordSize(_ n: Int, _ axis: FlexDirection, available: Double) -> (Double, SizingMode)? {
        switch tree.nodes[n].style.size(axis) {
        case .maxContent: return (.nan, .undefined)
        case .fitContent: return available.isNaN ? (.nan, .undefined) : (available, .atMost)
        case .stretch: return available.isNaN ? (.nan, .undefined) : (available, .exactly)
        default: return nil
        }
    }

    func measured(_ n: Int, _ axis: FlexDirection) -> Double {
        tree.nodes[n].layout.measured.along(axis)
    }

    func measuredWithMargins(_ n: Int, _ axis: FlexDirection, _ ownerWidth: Double) -> Double {
        measured(n, axis) + marginSum(n, axis, ownerWidth)
    }
}
