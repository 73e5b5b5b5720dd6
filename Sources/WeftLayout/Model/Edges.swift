/// Yoga-style edge values as written by the client. `start`/`end` are only
/// resolved to left/right once the layout direction is known.
public struct Edges: Hashable, Sendable {
    public var left: Dimension?
    public var top: Dimension?
    public var right: Dimension?
    public var bottom: Dimension?
    public var start: Dimension?
    public var end: Dimension?
    public var horizontal: Dimension?
    public var vertical: Dimension?
    public var all: Dimension?

    public init(
        left: Dimension? = nil, top: Dimension? = nil, right: Dimension? = nil,
        bottom: Dimension? = nil, start: Dimension? = nil, end: Dimension? = nil,
        horizontal: Dimension? = nil, vertical: Dimension? = nil, all: Dimension? = nil
    ) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.start = start
        self.end = end
        self.horizontal = horizontal
        self.vertical = vertical
        self.all = all
    }

    public static let none = Edges()

    public var isEmpty: Bool { self == .none }
}
