/// Points, as Texture's CGFloat: a 64-bit double. `Double.infinity` stands for
/// "unbounded" wherever a range maximum or an owner size may be open.
public struct Size: Hashable, Sendable {
    /// Points; may be infinite where a size is unbounded.
    public var width: Double
    /// Points; may be infinite where a size is unbounded.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width, no height.
    public static let zero = Size(width: 0, height: 0)
    /// Unbounded on both axes: an open range maximum.
    public static let infinite = Size(width: .infinity, height: .infinity)
}

/// A position in points, relative to the parent output node unless said otherwise.
public struct Point: Hashable, Sendable {
    /// Points from the left.
    public var x: Double
    /// Points from the top.
    public var y: Double

    /// The point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}

/// A rectangle in points: an origin relative to the parent and a size (Texture's CGRect).
public struct Frame: Hashable, Sendable {
    /// The left edge, relative to the parent.
    public var x: Double
    /// The top edge, relative to the parent.
    public var y: Double
    /// Points.
    public var width: Double
    /// Points.
    public var height: Double

    /// The rectangle at `x`, `y` of `width` by `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// An empty rectangle at the origin.
    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)

    /// The top-left corner.
    public var origin: Point {
        get { Point(x: x, y: y) }
        set { x = newValue.x; y = newValue.y }
    }

    /// The width and height.
    public var size: Size {
        get { Size(width: width, height: height) }
        set { width = newValue.width; height = newValue.height }
    }
}

/// Texture's ASSizeRange: inclusive bounds, `max` may be infinite.
public struct SizeRange: Hashable, Sendable {
    /// The smallest size allowed (inclusive).
    public var min: Size
    /// The largest size allowed (inclusive); infinite on an unbounded axis.
    public var max: Size

    /// A range from `min` to `max`.
    public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// The range that allows `size` and nothing else.
    public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    /// From zero to unbounded on both axes.
    public static let unconstrained = SizeRange(min: .zero, max: .infinite)
}
