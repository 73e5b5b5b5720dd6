/// One output node: the mirror of one input element. `frame` is relative to
/// the parent output node; `children` follow the element's children.
public struct LayoutNode: Sendable, Hashable {
    /// The node's rectangle, relative to the parent output node.
    public var frame: Frame
    /// One output node per child element, in z-order.
    public var children: [LayoutNode]
    /// Baseline information for a parent's baseline alignment (Texture's
    /// style ascender/descender as the element ends up exposing them).
    public var ascender: Double
    /// Distance from the last baseline to the bottom (see `ascender`).
    public var descender: Double
    /// Text nodes only.
    public var lineCount: Int?
    /// Text nodes only: whether `maxLines` or the height cut lines off.
    public var truncated: Bool?
    /// A truncated text's shown characters and a text's line boxes; nil for
    /// every other node (boxed, so other nodes pay one pointer for it).
    public var textDetails: TextDetails?
    /// A `container` element's inner answer; nil for every other node.
    public var nested: NestedContainerAnswer?

    /// An output node; text nodes also pass `lineCount` and `truncated`.
    public init(
        frame: Frame, children: [LayoutNode] = [], ascender: Double = 0, descender: Double = 0,
        lineCount: Int? = nil, truncated: Bool? = nil, textDetails: TextDetails? = nil
    ) {
        self.textDetails = textDetails
        self.frame = frame
        self.children = children
        self.ascender = ascender
        self.descender = descender
        self.lineCount = lineCount
        self.truncated = truncated
    }

    /// A node of `size` at its parent's origin.
    public init(size: Size, children: [LayoutNode] = []) {
        self.init(frame: Frame(origin: .zero, size: size), children: children)
    }

    /// The frame's size.
    public var size: Size {
        get { frame.size }
        set { frame.size = newValue }
    }
}

/// What a text output node adds when it is truncated or lists its lines.
public final class TextDetails: Sendable, Hashable {
    /// The characters shown, truncation token included; nil when nothing was cut.
    public let visibleText: String?
    /// Line boxes in the node's coordinates; nil when not asked for.
    public let lines: [TextLine]?

    /// Details with the shown text (nil when nothing was cut) and the line boxes (nil when not asked for).
    public init(visibleText: String?, lines: [TextLine]?) {
        self.visibleText = visibleText
        self.lines = lines
    }

    /// Equal when the shown text and the line boxes are.
    public static func == (a: TextDetails, b: TextDetails) -> Bool {
        a.visibleText == b.visibleText && a.lines == b.lines
    }

    /// Hashes the shown text and the line boxes, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(visibleText)
        hasher.combine(lines)
    }
}
