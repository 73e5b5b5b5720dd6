/// The style properties kept in the details box (see Style.swift). Reading
/// one from a style without a box gives its default; writing one creates
/// the box.
extension Style {
    // Sizes (Texture and Yoga).

    /// The smallest width the element may take.
    public var minWidth: Dimension {
        get { detail { $0.minWidth } }
        set { updateDetails { $0.minWidth = newValue } }
    }

    /// The largest width the element may take.
    public var maxWidth: Dimension {
        get { detail { $0.maxWidth } }
        set { updateDetails { $0.maxWidth = newValue } }
    }

    /// The smallest height the element may take.
    public var minHeight: Dimension {
        get { detail { $0.minHeight } }
        set { updateDetails { $0.minHeight = newValue } }
    }

    /// The largest height the element may take.
    public var maxHeight: Dimension {
        get { detail { $0.maxHeight } }
        set { updateDetails { $0.maxHeight = newValue } }
    }

    // Texture stack children.

    /// Extra points before this child in a stack.
    public var spacingBefore: Double {
        get { detail { $0.spacingBefore } }
        set { updateDetails { $0.spacingBefore = newValue } }
    }

    /// Extra points after this child in a stack.
    public var spacingAfter: Double {
        get { detail { $0.spacingAfter } }
        set { updateDetails { $0.spacingAfter = newValue } }
    }

    /// Unset (`nil`) is 0 for Texture; Yoga resolves it together with `flex`.
    public var flexGrow: Double? {
        get { detail { $0.flexGrow } }
        set { updateDetails { $0.flexGrow = newValue } }
    }

    /// How much the element shrinks when its parent's children overflow; unset is 0 in Texture and Yoga.
    public var flexShrink: Double? {
        get { detail { $0.flexShrink } }
        set { updateDetails { $0.flexShrink = newValue } }
    }

    /// The element's size along its parent's main axis before growing or shrinking.
    public var flexBasis: Dimension {
        get { detail { $0.flexBasis } }
        set { updateDetails { $0.flexBasis = newValue } }
    }

    /// Overrides the parent's `alignItems` for this element, in the parent's vocabulary.
    public var alignSelf: Align {
        get { detail { $0.alignSelf } }
        set { updateDetails { $0.alignSelf = newValue } }
    }

    /// Texture's baseline ascender, for a stack's baseline alignment.
    public var ascender: Double {
        get { detail { $0.ascender } }
        set { updateDetails { $0.ascender = newValue } }
    }

    /// Texture's baseline descender, for a stack's baseline alignment.
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

    /// A flex element's layout direction.
    public var direction: DirectionStyle {
        get { detail { $0.direction } }
        set { updateDetails { $0.direction = newValue } }
    }

    /// A flex element's main axis.
    public var flexDirection: FlexDirection {
        get { detail { $0.flexDirection } }
        set { updateDetails { $0.flexDirection = newValue } }
    }

    /// How a flex element distributes its items along the main axis.
    public var justifyContent: JustifyContent {
        get { detail { $0.justifyContent } }
        set { updateDetails { $0.justifyContent = newValue } }
    }

    /// How a flex element places its items across the main axis.
    public var alignItems: Align {
        get { detail { $0.alignItems } }
        set { updateDetails { $0.alignItems = newValue } }
    }

    /// How a wrapping flex element distributes its lines.
    public var alignContent: Align {
        get { detail { $0.alignContent } }
        set { updateDetails { $0.alignContent = newValue } }
    }

    /// Whether a flex element's items wrap onto new lines.
    public var flexWrap: FlexWrap {
        get { detail { $0.flexWrap } }
        set { updateDetails { $0.flexWrap = newValue } }
    }

    /// Yoga's `flex` shorthand.
    public var flex: Double? {
        get { detail { $0.flex } }
        set { updateDetails { $0.flex = newValue } }
    }

    /// Whether the element is in flow (`relative`, `static`) or positioned by `position` (`absolute`).
    public var positionType: PositionType {
        get { detail { $0.positionType } }
        set { updateDetails { $0.positionType = newValue } }
    }

    /// Space between a flex element's items and lines, both axes.
    public var gap: Dimension? {
        get { detail { $0.gap } }
        set { updateDetails { $0.gap = newValue } }
    }

    /// Space between a flex element's rows.
    public var rowGap: Dimension? {
        get { detail { $0.rowGap } }
        set { updateDetails { $0.rowGap = newValue } }
    }

    /// Space between a flex element's columns.
    public var columnGap: Dimension? {
        get { detail { $0.columnGap } }
        set { updateDetails { $0.columnGap = newValue } }
    }

    /// Width / height, as in CSS and Yoga.
    public var aspectRatio: Double? {
        get { detail { $0.aspectRatio } }
        set { updateDetails { $0.aspectRatio = newValue } }
    }

    /// `none` hides the element (zero frame); `contents` lifts its children into the parent.
    public var display: Display {
        get { detail { $0.display } }
        set { updateDetails { $0.display = newValue } }
    }

    /// CSS `overflow`.
    public var overflow: Overflow {
        get { detail { $0.overflow } }
        set { updateDetails { $0.overflow = newValue } }
    }

    /// Whether sizes include padding and border.
    public var boxSizing: BoxSizing {
        get { detail { $0.boxSizing } }
        set { updateDetails { $0.boxSizing = newValue } }
    }

    // Edges.

    /// Offsets from the element's place (relative) or from the containing block (absolute).
    public var position: Edges {
        get { edges { $0.position } }
        set { updateDetails { $0.updateEdges { $0.position = newValue } } }
    }

    /// Space outside the element's border; `auto` takes free space.
    public var margin: Edges {
        get { edges { $0.margin } }
        set { updateDetails { $0.updateEdges { $0.margin = newValue } } }
    }

    /// Space between the border and the children.
    public var padding: Edges {
        get { edges { $0.padding } }
        set { updateDetails { $0.updateEdges { $0.padding = newValue } } }
    }

    /// Border widths in points (space only; nothing is drawn).
    public var border: Edges {
        get { edges { $0.border } }
        set { updateDetails { $0.updateEdges { $0.border = newValue } } }
    }
}
