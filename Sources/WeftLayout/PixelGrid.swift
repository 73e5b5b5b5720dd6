/// Texture's pixel rounding (ASInternalHelpers.mm) at a given screen scale.
/// Texture uses the single-precision epsilon even though CGFloat is double, so
/// a value a hair above a pixel boundary rounds down to it.
public struct PixelGrid: Sendable, Hashable {
    /// `FLT_EPSILON`, as Texture's rounding helpers subtract it.
    public static let floatEpsilon = 1.1920928955078125e-07

    /// Pixels per point; 0 or less rounds nothing.
    public var scale: Double

    /// The grid of a screen with `scale` pixels per point.
    public init(scale: Double) {
        self.scale = scale
    }

    /// `ASCeilPixelValue`. Applied to every measured size and flattened position.
    @inlinable
    public func ceil(_ value: Double) -> Double {
        guard scale > 0, value.isFinite else { return value }
        let r = (value - PixelGrid.floatEpsilon) * scale
        return r.rounded(.up) / scale + 0  // + 0 turns -0 into 0
    }

    /// `ASFloorPixelValue`.
    @inlinable
    public func floor(_ value: Double) -> Double {
        guard scale > 0, value.isFinite else { return value }
        return ((value + PixelGrid.floatEpsilon) * scale).rounded(.down) / scale + 0
    }

    /// `ASRoundPixelValue`: C `round`, halves away from zero.
    @inlinable
    public func round(_ value: Double) -> Double {
        guard scale > 0, value.isFinite else { return value }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale + 0
    }

    /// `ASCeilPixelValue` on both axes.
    @inlinable
    public func ceil(_ size: Size) -> Size {
        Size(width: ceil(size.width), height: ceil(size.height))
    }
}
