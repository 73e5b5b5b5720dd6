/// Points, as Texture's CGFloat: a 64-bit double. `Double.infinity` stands for
/// "unbounded" wherever a range maximum or an owner size may be open.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
    public static let infinite = Size(width: .infinity, height: .infinity)
}

public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

public struct Frame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)

    public var origin: Point {
        get { Point(x: x, y: y) }
        set { x = newValue.x; y = newValue.y }
    }

    public var size: Size {
        get { Size(width: width, height: height) }
        set { width = newValue.width; height = newValue.height }
    }
}

/// Texture's ASSizeRange: inclusive bounds, `max` may be infinite.
public struct SizeRange: Hashable, Sendable {
    public var min: Size
    public var max: Size

    public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    public static let unconstrained = SizeRange(min: .zero, max: .infinite)
}
