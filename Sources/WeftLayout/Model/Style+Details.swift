/// The style properties kept in the details box (see Style.swift). Reading
/// one from a style without a box gives its default; writing one creates
/// the box.
extension Style {
    // Sizes (Texture and Yoga).

    public var minWidth: Dimension {
        get { details.minWidth }
        set { updateDetails { $0.minWidth = newValue } }
    }

    public var maxWidth: Dimension {
        get { details.maxWidth }
        set { updateDetails { $0.maxWidth = newValue } }
    }

    public var minHeight: Dimension {
        get { details.minHeight }
        set { updateDetails { $0.minHeight = newValue } }
    }

    public var maxHeight: Dimension {
        get { details.maxHeight }
        set { updateDetails { $0.maxHeight = newValue } }
    }

    // Texture stack children.

    public var spacingBefore: Double {
        get { details.spacingBefore }
        set { updateDetails { $0.spacingBefore = newValue } }
    }

    public var spacingAfter: Double {
        get { details.spacingAfter }
        set { updateDetails { $0.spacingAfter = newValue } }
    }

    /// Unset (`nil`) is 0 for Texture; Yoga resolves it together with `flex`.
    public var flexGrow: Double? {
        get { details.flexGrow }
        set { updateDetails { $0.flexGrow = newValue } }
    }

    public var flexShrink: Double? {
        get { details.flexShrink }
        set { updateDetails { $0.flexShrink = newValue } }
    }

    public var flexBasis: Dimension {
        get { details.flexBasis }
        set { updateDetails { $0.flexBasis = newValue } }
    }

    public var alignSelf: Align {
        get { details.alignSelf }
        set { updateDetails { $0.alignSelf = newValue } }
    }

    public var ascender: Double {
        get { details.ascender }
        set { updateDetails { $0.ascender = newValue } }
    }

    public var descender: Double {
        get { details.descender }
        set { updateDetails { $0.descender = newValue } }
    }

    /// Texture's absolute spec position.
    public var layoutPosition: Point {
        get { details.layoutPosition }
        set { updateDetails { $0.layoutPosition = newValue } }
    }

    // Yoga / CSS flexbox.

    public var direction: DirectionStyle {
        get { details.direction }
        set { updateDetails { $0.direction = newValue } }
    }

    public var flexDirection: FlexDirection {
        get { details.flexDirection }
        set { updateDetails { $0.flexDirection = newValue } }
    }

    public var justifyContent: JustifyContent {
        get { details.justifyContent }
        set { updateDetails { $0.justifyContent = newValue } }
    }

    public var alignItems: Align {
        get { details.alignItems }
        set { updateDetails { $0.alignItems = newValue } }
    }

    public var alignContent: Align {
        get { details.alignContent }
        set { updateDetails { $0.alignContent = newValue } }
    }

    public var flexWrap: FlexWrap {
        get { details.flexWrap }
        set { updateDetails { $0.flexWrap = newValue } }
    }

    /// Yoga's `flex` shorthand.
    public var flex: Double? {
        get { details.flex }
        set { updateDetails { $0.flex = newValue } }
    }

    public var positionType: PositionType {
        get { details.positionType }
        set { updateDetails { $0.positionType = newValue } }
    }

    public var gap: Dimension? {
        get { details.gap }
        set { updateDetails { $0.gap = newValue } }
    }

    public var rowGap: Dimension? {
        get { details.rowGap }
        set { updateDetails { $0.rowGap = newValue } }
    }

    public var columnGap: Dimension? {
        get { details.columnGap }
        set { updateDetails { $0.columnGap = newValue } }
    }

    /// Width / height, as in CSS and Yoga.
    public var aspectRatio: Double? {
        get { details.aspectRatio }
        set { updateDetails { $0.aspectRatio = newValue } }
    }

    public var display: Display {
        get { details.display }
        set { updateDetails { $0.display = newValue } }
    }

    public var overflow: Overflow {
        get { details.overflow }
        set { updateDetails { $0.overflow = newValue } }
    }

    public var boxSizing: BoxSizing {
        get { details.boxSizing }
        set { updateDetails { $0.boxSizing = newValue } }
    }

    // Edges.

    public var position: Edges {
        get { details.edges.position }
        set { updateDetails { $0.updateEdges { $0.position = newValue } } }
    }

    public var margin: Edges {
        get { details.edges.margin }
        set { updateDetails { $0.updateEdges { $0.margin = newValue } } }
    }

    public var padding: Edges {
        get { details.edges.padding }
        set { updateDetails { $0.updateEdges { $0.padding = newValue } } }
    }

    public var border: Edges {
        get { details.edges.border }
        set { updateDetails { $0.updateEdges { $0.border = newValue } } }
    }
}
