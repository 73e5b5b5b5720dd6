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

    /// An output node; text nodes also pass `lineCount` and `truncated`.
    public init(
        frame: Frame, children: [LayoutNode] = [], ascender: Double = 0, descender: Double = 0,
        lineCount: Int? = nil, truncated: Bool? = nil
    ) {
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
