/// The style properties kept in the details box (see Style.swift). Reading
/// one from a style without a box gives its default; writing one creates
/// the box.
extension Style {
    // Sizes (Texture and Yoga).

    public var minWidth: Dimension {
        get { detail { $0.minWidth } }
        set { updateDetails { $0.minWidth = newValue } }
    }

    public var maxWidth: Dimension {
        get { detail { $0.maxWidth } }
        set { updateDetails { $0.maxWidth = newValue } }
    }

    public var minHeight: Dimension {
        get { detail { $0.minHeight } }
        set { updateDetails { $0.minHeight = newValue } }
    }

    public var maxHeight: Dimension {
        get { detail { $0.maxHeight } }
        set { updateDetails { $0.maxHeight = newValue } }
    }

    // Texture stack children.

    public var spacingBefore: Double {
        get { detail { $0.spacingBefore } }
        set { updateDetails { $0.spacingBefore = newValue } }
    }

    public var spacingAfter: Double {
        get { detail { $0.spacingAfter } }
        set { updateDetails { $0.spacingAfter = newValue } }
    }

    /// Unset (`nil`) is 0 for Texture; Yoga resolves it together with `flex`.
    public var flexGrow: Double? {
        get { detail { $0.flexGrow } }
        set { updateDetails { $0.flexGrow = newValue } }
    }

    public var flexShrink: Double? {
        get { detail { $0.flexShrink } }
        set { updateDetails { $0.flexShrink = newValue } }
    }

    public var flexBasis: Dimension {
        get { detail { $0.flexBasis } }
        set { updateDetails { $0.flexBasis = newValue } }
    }

    public var alignSelf: Align {
        get { detail { $0.alignSelf } }
        set { updateDetails { $0.alignSelf = newValue } }
    }

    public var ascender: Double {
        get { detail { $0.ascender } }
        set { updateDetails { $0.ascender = newValue } }
    }

    public var descender: Double {
        get { detail { $0.descender } }
        set { updateDetails { $0.descender = newValue } }
    }

    /// Texture's absolute spec position.
    public var layoutPosition: Point {
        get { detail { $0.layoutPosition } }
        set { updateDetails { $0.layoutPosition = newValue } }
    }

    // Yoga / CSS flexbox.

    public var direction: DirectionStyle {
        get { detail { $0.direction } }
        set { updateDetails { $0.direction = newValue } }
    }

    public var flexDirection: FlexDirection {
        get { detail { $0.flexDirection } }
        set { updateDetails { $0.flexDirection = newValue } }
    }

    public var justifyContent: JustifyContent {
        get { detail { $0.justifyContent } }
        set { updateDetails { $0.justifyContent = newValue } }
    }

    public var alignItems: Align {
        get { detail { $0.alignItems } }
        set { updateDetails { $0.alignItems = newValue } }
    }

    public var alignContent: Align {
        get { detail { $0.alignContent } }
        set { updateDetails { $0.alignContent = newValue } }
    }

    public var flexWrap: FlexWrap {
        get { detail { $0.flexWrap } }
        set { updateDetails { $0.flexWrap = newValue } }
    }

    /// Yoga's `flex` shorthand.
    public var flex: Double? {
        get { detail { $0.flex } }
        set { updateDetails { $0.flex = newValue } }
    }

    public var positionType: PositionType {
        get { detail { $0.positionType } }
        set { updateDetails { $0.positionType = newValue } }
    }

    public var gap: Dimension? {
        get { detail { $0.gap } }
        set { updateDetails { $0.gap = newValue } }
    }

    public var rowGap: Dimension? {
        get { detail { $0.rowGap } }
        set { updateDetails { $0.rowGap = newValue } }
    }

    public var columnGap: Dimension? {
        get { detail { $0.columnGap } }
        set { updateDetails { $0.columnGap = newValue } }
    }

    /// Width / height, as in CSS and Yoga.
    public var aspectRatio: Double? {
        get { detail { $0.aspectRatio } }
        set { updateDetails { $0.aspectRatio = newValue } }
    }

    public var display: Display {
        get { detail { $0.display } }
        set { updateDetails { $0.display = newValue } }
    }

    public var overflow: Overflow {
        get { detail { $0.overflow } }
        set { updateDetails { $0.overflow = newValue } }
    }

    public var boxSizing: BoxSizing {
        get { detail { $0.boxSizing } }
        set { updateDetails { $0.boxSizing = newValue } }
    }

    // Edges.

    public var position: Edges {
        get { edges { $0.position } }
        set { updateDetails { $0.updateEdges { $0.position = newValue } } }
    }

    public var margin: Edges {
        get { edges { $0.margin } }
        set { updateDetails { $0.updateEdges { $0.margin = newValue } } }
    }

    public var padding: Edges {
        get { edges { $0.padding } }
        set { updateDetails { $0.updateEdges { $0.padding = newValue } } }
    }

    public var border: Edges {
        get { edges { $0.border } }
        set { updateDetails { $0.updateEdges { $0.border = newValue } } }
    }
}
