/// ASWrapperLayoutSpec (ASLayoutSpec.mm): every child at the origin with the
/// spec's range; the spec is as large as its largest child (at least the
/// range minimum) and is not clamped to the maximum.
enum WrapperLayout {
    static func layout(_ element: Element, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        var size = range.min
        var children: [LayoutNode] = []
        children.reserveCapacity(element.children.count)
        for child in element.children {
            var s = ElementMeasurer.measure(child, in: range, parentSize: range.max, context: context)
            s.frame.origin = .zero
            size = Size(width: max(size.width, s.size.width), height: max(size.height, s.size.height))
            children.append(s)
        }
        return LayoutNode(size: LeafLayout.finalSize(size, context), children: children)
    }
}
