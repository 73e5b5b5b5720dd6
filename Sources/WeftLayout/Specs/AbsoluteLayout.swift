/// ASAbsoluteLayoutSpec (ASAbsoluteLayoutSpec.mm): children at their `layoutPosition`,
/// each measured with an automatic maximum of the space left to its right and
/// below it, so a child that does not fit is shrunk to fit.
enum AbsoluteLayout {
    static func layout(_ element: Element, sizing: AbsoluteSizing, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        let parent = Size(
            width: TextureMath.validForSize(range.max.width) ? range.max.width : .nan,
            height: TextureMath.validForSize(range.max.height) ? range.max.height : .nan)
        var children: [LayoutNode] = []
        children.reserveCapacity(element.children.count)
        var maxRight = range.min.width
        var maxBottom = range.min.height
        for child in element.children {
            let pos = child.style.layoutPosition
            let autoRange = SizeRange(
                min: .zero, max: Size(width: range.max.width - pos.x, height: range.max.height - pos.y))
            let childRange = child.style.resolvedRange(parentSize: parent, autoRange: autoRange)
            var s = ElementMeasurer.measure(child, in: childRange, parentSize: parent, context: context)
            s.frame.origin = pos
            maxRight = max(maxRight, pos.x + s.size.width)
            maxBottom = max(maxBottom, pos.y + s.size.height)
            children.append(s)
        }
        var size = parent
        if sizing == .sizeToFit || size.width.isNaN { size.width = maxRight }
        if sizing == .sizeToFit || size.height.isNaN { size.height = maxBottom }
        return LayoutNode(size: LeafLayout.finalSize(range.clamp(size), context), children: children)
    }
}
