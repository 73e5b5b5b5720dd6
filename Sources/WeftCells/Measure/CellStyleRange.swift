import WeftLayout

/// Texture's `ASLayoutElementSizeResolve` (semantics 1.4) for a cell node's
/// own style. WeftLayout keeps its copy internal to the element measurer;
/// this is the same rule: min beats max beats the exact value, and a
/// fractional min/max against an undefined parent counts as `auto`.
enum CellStyleRange {
    static func resolve(_ style: Style, parentSize: Size) -> SizeRange {
        let w = constrain(
            lo: bound(style.minWidth, parentSize.width, 0),
            exact: style.width.resolve(parent: parentSize.width, auto: .nan),
            hi: bound(style.maxWidth, parentSize.width, .infinity))
        let h = constrain(
            lo: bound(style.minHeight, parentSize.height, 0),
            exact: style.height.resolve(parent: parentSize.height, auto: .nan),
            hi: bound(style.maxHeight, parentSize.height, .infinity))
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    private static func bound(_ d: Dimension, _ parent: Double, _ autoValue: Double) -> Double {
        let v = d.resolve(parent: parent, auto: autoValue)
        return v.isNaN ? autoValue : v
    }

    private static func constrain(lo: Double, exact: Double, hi: Double) -> (Double, Double) {
        if hi <= lo { return (lo, lo) }
        if exact.isNaN { return (lo, hi) }
        if exact > hi { return (hi, hi) }
        if exact < lo { return (lo, lo) }
        return (exact, exact)
    }
}
