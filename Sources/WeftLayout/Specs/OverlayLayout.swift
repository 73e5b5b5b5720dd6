/// ASOverlayLayoutSpec (ASOverlayLayoutSpec.mm): the overlay is measured exactly at the
/// child's size and drawn above it. Own style size ignored; size not clamped.
enum OverlayLayout {
    static func layout(_ element: Element, in range: SizeRange, parentSize: Size, context: LayoutContext) -> LayoutNode {
        guard let child = element.children.first else { return LayoutNode(size: .zero) }
        var c = ElementMeasurer.measure(child, in: range, parentSize: parentSize, context: context)
        c.frame.origin = .zero
        var children = [c]
        if element.children.count > 1 {
            var o = ElementMeasurer.measure(
                element.children[1], in: SizeRange(exactly: c.size), parentSize: c.size, context: context)
            o.frame.origin = .zero
            children.append(o)
        }
        return LayoutNode(size: c.size, children: children)
    }
}
