/// Texture's size-range arithmetic (ASDimension.mm, ASLayoutElementPrivate.h).
extension SizeRange {
    /// `ASSizeRangeClamp`: per axis `MAX(min, MIN(max, v))` with Foundation's
    /// MIN/MAX, so the minimum wins in an inverted range and NaN becomes the minimum.
    @inlinable
    public func clamp(_ size: Size) -> Size {
        Size(
            width: TextureMath.max(min.width, TextureMath.min(max.width, size.width)),
            height: TextureMath.max(min.height, TextureMath.min(max.height, size.height)))
    }

    /// `ASSizeRangeIntersect(self, other)`: where the two do not overlap, the
    /// point of `self` nearest to `other` wins.
    public func intersect(_ other: SizeRange) -> SizeRange {
        let w = SizeRange.intersectAxis(min.width, max.width, other.min.width, other.max.width)
        let h = SizeRange.intersectAxis(min.height, max.height, other.min.height, other.max.height)
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    @inlinable
    static func intersectAxis(_ lo: Double, _ hi: Double, _ olo: Double, _ ohi: Double) -> (Double, Double) {
        let newLo = TextureMath.max(lo, olo)
        let newHi = TextureMath.min(hi, ohi)
        if newLo <= newHi { return (newLo, newHi) }
        if lo < olo { return (hi, hi) }
        return (lo, lo)
    }
}

/// Foundation's `MIN`/`MAX` macros: `MAX(a,b) = a < b ? b : a`. With a NaN
/// operand the comparison is false, which decides who wins (ASDimension.mm relies on it).
public enum TextureMath {
    /// `MAX(a, b)`: `a < b ? b : a`.
    @inlinable public static func max(_ a: Double, _ b: Double) -> Double { a < b ? b : a }
    /// `MIN(a, b)`: `a < b ? a : b`.
    @inlinable public static func min(_ a: Double, _ b: Double) -> Double { a < b ? a : b }

    /// `ASPointsValidForSize`.
    @inlinable
    public static func validForSize(_ p: Double) -> Bool {
        (p.isNormal || p == 0) && p >= 0 && p < 10_000_000
    }

    /// `ASPointsValidForSize` on both axes.
    @inlinable
    public static func validForSize(_ s: Size) -> Bool {
        validForSize(s.width) && validForSize(s.height)
    }
}

extension Style {
    /// `ASLayoutElementSizeResolveAutoSize`: the element's six size dimensions
    /// as a range, where min beats max beats the exact value (CSS's rule).
    /// A fractional min/max against an undefined parent resolves as `auto`
    /// (Texture asserts there; Weft documents this choice).
    public func resolvedRange(parentSize: Size, autoRange: SizeRange = .unconstrained) -> SizeRange {
        let w = Style.constrain(
            lo: Style.bound(minWidth, parentSize.width, autoRange.min.width),
            exact: width.resolve(parent: parentSize.width, auto: .nan),
            hi: Style.bound(maxWidth, parentSize.width, autoRange.max.width))
        let h = Style.constrain(
            lo: Style.bound(minHeight, parentSize.height, autoRange.min.height),
            exact: height.resolve(parent: parentSize.height, auto: .nan),
            hi: Style.bound(maxHeight, parentSize.height, autoRange.max.height))
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    @inlinable
    static func bound(_ d: Dimension, _ parent: Double, _ autoValue: Double) -> Double {
        let v = d.resolve(parent: parent, auto: autoValue)
        return v.isNaN ? autoValue : v
    }

    @inlinable
    static func constrain(lo: Double, exact: Double, hi: Double) -> (Double, Double) {
        if hi <= lo { return (lo, lo) }
        if exact.isNaN { return (lo, hi) }
        if exact > hi { return (hi, hi) }
        if exact < lo { return (lo, lo) }
        return (exact, exact)
    }

    /// Texture's flexGrow / flexShrink (unset is 0, not CSS's 1).
    var textureGrow: Double { flexGrow ?? 0 }
    var textureShrink: Double { flexShrink ?? 0 }
}
