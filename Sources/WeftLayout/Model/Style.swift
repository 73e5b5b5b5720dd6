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
    public var position: Edges = .none
    public var margin: Edges = .none
    public var padding: Edges = .none
    public var border: Edges = .none
    public var gap: Dimension?
    public var rowGap: Dimension?
    public var columnGap: Dimension?
    /// Width / height, as in CSS and Yoga.
    public var aspectRatio: Double?
    public var display: Display = .flex
    public var overflow: Overflow = .visible
    public var boxSizing: BoxSizing = .borderBox

    public init() {}

    /// Texture's `preferredSize` setter: writes width and height as points.
    public mutating func setPreferredSize(_ size: Size) {
        width = .points(size.width)
        height = .points(size.height)
    }
}
