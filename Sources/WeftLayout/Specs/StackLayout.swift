/// ASStackLayoutSpec (semantics 3.2).
enum StackLayout {
    static func layout(_ element: Element, spec: StackSpec, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        LayoutNode(size: LeafLayout.finalSize(range.min, context), children: element.children.map { _ in LayoutNode(size: .zero) })
    }
}
