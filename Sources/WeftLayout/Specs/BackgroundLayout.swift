/// ASBackgroundLayoutSpec (ASBackgroundLayoutSpec.mm): the background is measured exactly
/// at the child's size but resolves fractions against the spec's own parent
/// size (not the child's, unlike overlay). Drawn below the child.
enum BackgroundLayout {
    static func layout(
        _ element: Element, hasBackground: Bool, in range: SizeRange, parentSize: Size, context: LayoutContext
    ) -> LayoutNode {
        guard let childElement = element.children.last else { return LayoutNode(size: .zero) }
        var c = ElementMeasurer.measure(childElement, in: range, parentSize: parentSize, context: context)
        c.frame.origin = .zero
        guard hasBackground, element.children.count == 2 else {
            return LayoutNode(size: c.size, children: [c])
        }
        var b = ElementMeasurer.measure(
            element.children[0], in: SizeRange(exactly: c.size), parentSize: parentSize, context: context)
        b.frame.origin = .zero
        return LayoutNode(size: c.size, children: [b, c])
    }
}
