/// One layout element as the client sent it: a leaf, a Texture layout spec or
/// a flex container. A plain value tree.
///
/// `children` are kept in **output (z-)order**, the order the answer mirrors them
/// in: background -> `[background, child]`, overlay -> `[child, overlay]`,
/// corner -> `[child, corner]`, single-child specs -> `[child]`, the rest in
/// input order. The kind's payload says which child plays which role.
public struct Element: Sendable {
    public var kind: ElementKind
    public var id: String?
    public var style: Style
    public var children: [Element]

    @inlinable
    public init(_ kind: ElementKind, id: String? = nil, style: Style = Style(), children: [Element] = []) {
        self.kind = kind
        self.id = id
        self.style = style
        self.children = children
    }
}

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
        }
    }

    public var isFlex: Bool {
        if case .flex = self { return true }
        return false
    }
}

public struct StackSpec: Sendable, Hashable {
    /// Texture's `-init` defaults: horizontal, alignItems stretch.
    public var direction: StackDirection = .horizontal
    public var spacing: Double = 0
    public var justifyContent: StackJustifyContent = .start
    public var alignItems: StackAlignItems = .stretch
    public var flexWrap: StackWrap = .noWrap
    public var alignContent: StackAlignContent = .start
    public var lineSpacing: Double = 0
    public var horizontalAlignment: HorizontalAlignment = .none
    public var verticalAlignment: VerticalAlignment = .none

    public init() {}
}

public struct InsetSpec: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

public struct CenterSpec: Sendable, Hashable {
    public var centerX: Bool
    public var centerY: Bool
    public var sizing: MinimumSizing

    public init(centerX: Bool = false, centerY: Bool = false, sizing: MinimumSizing = []) {
        self.centerX = centerX
        self.centerY = centerY
        self.sizing = sizing
    }
}

public struct RelativeSpec: Sendable, Hashable {
    public var horizontal: RelativePosition
    public var vertical: RelativePosition
    public var sizing: MinimumSizing

    public init(horizontal: RelativePosition = .none, vertical: RelativePosition = .none, sizing: MinimumSizing = []) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.sizing = sizing
    }
}

public struct CornerSpec: Sendable, Hashable {
    public var location: CornerLocation
    public var offset: Point
    public var wrapsCorner: Bool

    public init(location: CornerLocation = .topLeft, offset: Point = .zero, wrapsCorner: Bool = false) {
        self.location = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
    }
}
