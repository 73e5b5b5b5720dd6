/// A length that may depend on the parent: Texture's ASDimension plus the
/// intrinsic keywords Yoga accepts on flex elements.
public enum Dimension: Hashable, Sendable {
    case auto
    case points(Double)
    /// A fraction of the parent's size on that axis ("50%" is 0.5).
    case fraction(Double)
    case maxContent
    case fitContent
    case stretch

    /// Whether the dimension is unset (`auto`).
    public var isAuto: Bool {
        if case .auto = self { return true }
        return false
    }

    /// Texture's `ASDimensionResolve`: no clamping, so fractions of an
    /// undefined (NaN) parent stay NaN and the caller decides what that means.
    /// The intrinsic keywords mean nothing to Texture and resolve like `auto`.
    @inlinable
    public func resolve(parent: Double, auto autoValue: Double) -> Double {
        switch self {
        case .points(let v): return v
        case .fraction(let f): return f * parent
        case .auto, .maxContent, .fitContent, .stretch: return autoValue
        }
    }
}
