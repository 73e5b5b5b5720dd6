/// One layout element as the client sent it: a leaf, a Texture layout spec or
/// a flex container. A plain value tree.
///
/// `children` are kept in **output (z-)order**, the order the answer mirrors them
/// in: background -> `[background, child]`, overlay -> `[child, overlay]`,
/// corner -> `[child, corner]`, single-child specs -> `[child]`, the rest in
/// input order. The kind's payload says which child plays which role.
public struct Element: Sendable {
    /// What the element is (`type` on the wire), with the fields of that type.
    public var kind: ElementKind
    /// The client's id, echoed in the output node; unique within one tree.
    public var id: String?
    /// The element's `style`: Texture's layout-element style and Yoga's properties.
    public var style: Style
    /// The child elements, in output (z-)order (see above).
    public var children: [Element]

    /// An element of `kind` with its id, style and children.
    @inlinable
    public init(_ kind: ElementKind, id: String? = nil, style: Style = Style(), children: [Element] = []) {
        self.kind = kind
        self.id = id
        self.style = style
        self.children = children
    }
}

/// The element types of the wire format and the fields each carries.
public enum ElementKind: Sendable {
    /// A display node with no content (Texture's default `calculateSizeThatFits`).
    case box
    /// A cell made from a view block: a box that should carry `preferredSize`.
    case view
    case image(intrinsicSize: Size)
    /// Boxed: a text's content is three times the size of any other kind's
    /// payload, and every element would otherwise carry that size.
    indirect case text(TextContent)
    case stack(StackSpec)
    /// Insets in points; `.infinity` is Texture's infinite inset.
    case inset(InsetSpec)
    /// children: `[child]` or `[child, overlay]`.
    case overlay
    /// children: `[child]` or `[background, child]`; the flag says which.
    case background(hasBackground: Bool)
    case center(CenterSpec)
    /// Height / width, as Texture's ASRatioLayoutSpec.
    case ratio(Double)
    case relative(RelativeSpec)
    case absolute(AbsoluteSizing)
    /// children: `[child, corner]`.
    case corner(CornerSpec)
    case wrapper
    /// A Yoga / CSS flexbox container; its container properties live in `style`.
    case flex
    /// A scrolling container of cells inside the tree, measured as a leaf;
    /// the cells layer lays it out (see `NestedContainerContent`). Boxed: an
    /// existential inline would make every element address-only, so that
    /// each `switch` over a kind, and each copy of an element, went through
    /// a copy of the whole value.
    indirect case container(any NestedContainerContent)

    /// The `type` token of the wire format; static so an encoder copies bytes only.
    public var typeName: StaticString {
        switch self {
        case .box: return "box"
        case .view: return "view"
        case .image: return "image"
        case .text: return "text"
        case .stack: return "stack"
        case .inset: return "inset"
        case .overlay: return "overlay"
        case .background: return "background"
        case .center: return "center"
        case .ratio: return "ratio"
        case .relative: return "relative"
        case .absolute: return "absolute"
        case .corner: return "corner"
        case .wrapper: return "wrapper"
        case .flex: return "flex"
        case .container: return "container"
        }
    }

    /// Whether this is a `flex` element (a Yoga node with its own subtree pass).
    public var isFlex: Bool {
        if case .flex = self { return true }
        return false
    }
}

/// ASStackLayoutSpec's properties, with Texture's defaults.
public struct StackSpec: Sendable, Hashable {
    /// Texture's `-init` defaults: horizontal, alignItems stretch.
    public var direction: StackDirection = .horizontal
    /// Points between adjacent children along the stack axis.
    public var spacing: Double = 0
    /// How children are distributed along the stack axis.
    public var justifyContent: StackJustifyContent = .start
    /// How children are placed across the stack axis (a child's `alignSelf` overrides it).
    public var alignItems: StackAlignItems = .stretch
    /// Whether children that do not fit start a new line.
    public var flexWrap: StackWrap = .noWrap
    /// How lines are distributed across the stack axis when the stack wraps.
    public var alignContent: StackAlignContent = .start
    /// Points between lines when the stack wraps.
    public var lineSpacing: Double = 0
    /// Texture's convenience alignment, mapped to justify or align by direction.
    public var horizontalAlignment: HorizontalAlignment = .none
    /// Texture's convenience alignment, mapped to justify or align by direction.
    public var verticalAlignment: VerticalAlignment = .none

    /// A stack with Texture's defaults.
    public init() {}
}

/// ASInsetLayoutSpec's insets in points; `.infinity` is an infinite inset.
public struct InsetSpec: Sendable, Hashable {
    /// Points inside the top edge.
    public var top: Double
    /// Points inside the left edge.
    public var left: Double
    /// Points inside the bottom edge.
    public var bottom: Double
    /// Points inside the right edge.
    public var right: Double

    /// Insets of the given points on each edge.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// ASCenterLayoutSpec's centring and sizing options.
public struct CenterSpec: Sendable, Hashable {
    /// Whether the child is centred horizontally.
    public var centerX: Bool
    /// Whether the child is centred vertically.
    public var centerY: Bool
    /// The axes on which the spec takes the child's size rather than the range's maximum.
    public var sizing: MinimumSizing

    /// Centring on the given axes with the given sizing.
    public init(centerX: Bool = false, centerY: Bool = false, sizing: MinimumSizing = []) {
        self.centerX = centerX
        self.centerY = centerY
        self.sizing = sizing
    }
}

/// ASRelativeLayoutSpec's positions and sizing option.
public struct RelativeSpec: Sendable, Hashable {
    /// Where the child sits horizontally.
    public var horizontal: RelativePosition
    /// Where the child sits vertically.
    public var vertical: RelativePosition
    /// The axes on which the spec takes the child's size rather than the range's maximum.
    public var sizing: MinimumSizing

    /// A relative spec with the given positions and sizing.
    public init(horizontal: RelativePosition = .none, vertical: RelativePosition = .none, sizing: MinimumSizing = []) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.sizing = sizing
    }
}

/// ASCornerLayoutSpec's properties.
public struct CornerSpec: Sendable, Hashable {
    /// The child's corner the corner element is centred on.
    public var location: CornerLocation
    /// Moves the corner element from that corner.
    public var offset: Point
    /// Whether the spec grows to contain the corner element.
    public var wrapsCorner: Bool

    /// A corner spec with Texture's defaults for what is not given.
    public init(location: CornerLocation = .topLeft, offset: Point = .zero, wrapsCorner: Bool = false) {
        self.location = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
    }
}
