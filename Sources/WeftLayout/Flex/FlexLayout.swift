/// Lays out a `flex` element (CSS flexbox with Yoga's initial values).
/// Placeholder until the flexbox algorithm lands: sizes the element as a
/// Texture leaf and leaves its children at the origin.
enum FlexLayout {
    static func layout(_ element: Element, in range: SizeRange, parentSize: Size, context: LayoutContext) -> LayoutNode {
        let size = Size(width: range.min.width, height: range.min.height)
        return LayoutNode(
            size: size,
            children: element.children.map { _ in LayoutNode(size: .zero) })
    }
}
