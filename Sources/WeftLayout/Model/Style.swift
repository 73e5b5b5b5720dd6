/// One style object for every element: Texture's ASLayoutElementStyle and the
/// Yoga/CSS flexbox properties. A property that means nothing to the element's
/// parent is ignored by the layout.
public struct Style: Hashable, Sendable {
    // Sizes (Texture and Yoga).
    public var width: Dimension = .auto
    public var height: Dimension = .auto
    public var minWidth: Dimension = .auto
    public var maxWidth: Dimension = .auto
    public var minHeight: Dimension = .auto
    public var maxHeight: Dimension = .auto

    // Texture stack children.
    public var spacingBefore: Double = 0
    public var spacingAfter: Double = 0
    /// Unset (`nil`) is 0 for Texture; Yoga resolves it together with `flex`.
    public var flexGrow: Double?
    public var flexShrink: Double?
    public var flexBasis: Dimension = .auto
    public var alignSelf: Align = .auto
    public var ascender: Double = 0
    public var descender: Double = 0
    /// Texture's absolute spec position.
    public var layoutPosition: Point = .zero

    // Yoga / CSS flexbox.
    public var direction: DirectionStyle = .inherit
    public var flexDirection: FlexDirection = .column
    public var justifyContent: JustifyContent = .flexStart
    public var alignItems: Align = .stretch
    public var alignContent: Align = .flexStart
    public var flexWrap: FlexWrap = .noWrap
    /// Yoga's `flex` shorthand.
    public var flex: Double?
    public var positionType: PositionType = .relative
    public var gap: Dimension?
    public var rowGap: Dimension?
    public var columnGap: Dimension?
    /// Width / height, as in CSS and Yoga.
    public var aspectRatio: Double?
    public var display: Display = .flex
    public var overflow: Overflow = .visible
    public var boxSizing: BoxSizing = .borderBox

    /// The four edge sets take most of a style's bytes but are absent from
    /// most elements (every Texture spec, most leaves), so they live in one
    /// shared, immutable box that only elements with edges allocate. That
    /// keeps elements small to decode, copy and cache.
    private var edgeBox: EdgeBox?

    public init() {}

    public var position: Edges {
        get { edgeBox?.edges.position ?? .none }
        set { updateEdges { $0.position = newValue } }
    }

    public var margin: Edges {
        get { edgeBox?.edges.margin ?? .none }
        set { updateEdges { $0.margin = newValue } }
    }

    public var padding: Edges {
        get { edgeBox?.edges.padding ?? .none }
        set { updateEdges { $0.padding = newValue } }
    }

    public var border: Edges {
        get { edgeBox?.edges.border ?? .none }
        set { updateEdges { $0.border = newValue } }
    }

    /// True when no edge of any set was given.
    public var hasNoEdges: Bool { edgeBox == nil }

    private mutating func updateEdges(_ change: (inout EdgeSet) -> Void) {
        var edges = edgeBox?.edges ?? EdgeSet()
        change(&edges)
        edgeBox = edges == EdgeSet() ? nil : EdgeBox(edges)
    }

    /// Texture's `preferredSize` setter: writes width and height as points.
    public mutating func setPreferredSize(_ size: Size) {
        width = .points(size.width)
        height = .points(size.height)
    }
}

/// A style's four edge sets.
struct EdgeSet: Hashable, Sendable {
    var position: Edges = .none
    var margin: Edges = .none
    var padding: Edges = .none
    var border: Edges = .none
}

/// Immutable, so sharing it between copies of a style is safe; equal when the
/// edges are equal, whichever box holds them.
final class EdgeBox: Hashable, Sendable {
    let edges: EdgeSet

    init(_ edges: EdgeSet) { self.edges = edges }

    static func == (a: EdgeBox, b: EdgeBox) -> Bool { a === b || a.edges == b.edges }
    func hash(into hasher: inout Hasher) { hasher.combine(edges) }
}
