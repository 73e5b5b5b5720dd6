/// One output node: the mirror of one input element. `frame` is relative to
/// the parent output node; `children` follow the element's children.
public struct LayoutNode: Sendable, Hashable {
    public var frame: Frame
    public var children: [LayoutNode]
    /// Baseline information for a parent's baseline alignment (Texture's
    /// style ascender/descender as the element ends up exposing them).
    public var ascender: Double
    public var descender: Double
    /// Text nodes only.
    public var lineCount: Int?
    public var truncated: Bool?

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

    public init(size: Size, children: [LayoutNode] = []) {
        self.init(frame: Frame(origin: .zero, size: size), children: children)
    }

    public var size: Size {
        get { frame.size }
        set { frame.size = newValue }
    }
}
