/// Yoga-style edge values as written by the client. `start`/`end` are only
/// resolved to left/right once the layout direction is known.
public struct Edges: Hashable, Sendable {
    /// The left edge.
    public var left: Dimension?
    /// The top edge.
    public var top: Dimension?
    /// The right edge.
    public var right: Dimension?
    /// The bottom edge.
    public var bottom: Dimension?
    /// The leading edge: left in `ltr`, right in `rtl`.
    public var start: Dimension?
    /// The trailing edge: right in `ltr`, left in `rtl`.
    public var end: Dimension?
    /// Left and right, unless one is given on its own.
    public var horizontal: Dimension?
    /// Top and bottom, unless one is given on its own.
    public var vertical: Dimension?
    /// Every edge not given more specifically.
    public var all: Dimension?

    /// Edges with the given values; `nil` is unset.
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

    /// No edge set.
    public static let none = Edges()

    /// Whether no edge is set.
    public var isEmpty: Bool { self == .none }
}
