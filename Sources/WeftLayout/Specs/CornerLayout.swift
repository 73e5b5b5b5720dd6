/// ASCornerLayoutSpec (ASCornerLayoutSpec.mm): a corner element centred on one corner
/// of the child, moved by `offset`. With `wrapsCorner` the spec grows to the
/// union of both and shifts them so the union starts at the origin.
enum CornerLayout {
    static func layout(_ element: Element, spec: CornerSpec, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        guard element.children.count == 2 else {
            return LayoutNode(size: LeafLayout.finalSize(range.min, context), children: element.children.map { _ in LayoutNode(size: .zero) })
        }
        let parent = Size(
            width: TextureMath.validForSize(range.max.width) ? range.max.width : .nan,
            height: TextureMath.validForSize(range.max.height) ? range.max.height : .nan)
        var c = ElementMeasurer.measure(element.children[0], in: range, parentSize: parent, context: context)
        // The corner element gets the full range, minimum included.
        var k = ElementMeasurer.measure(element.children[1], in: range, parentSize: parent, context: context)
        let anchor: Point
        switch spec.location {
        case .topLeft: anchor = .zero
        case .topRight: anchor = Point(x: c.size.width, y: 0)
        case .bottomLeft: anchor = Point(x: 0, y: c.size.height)
        case .bottomRight: anchor = Point(x: c.size.width, y: c.size.height)
        }
        var cornerOrigin = Point(
            x: anchor.x - k.size.width / 2 + spec.offset.x, y: anchor.y - k.size.height / 2 + spec.offset.y)
        var frame = Frame(origin: .zero, size: c.size)
        if spec.wrapsCorner {
            let minX = min(frame.x, cornerOrigin.x), minY = min(frame.y, cornerOrigin.y)
            let maxX = max(frame.x + frame.width, cornerOrigin.x + k.size.width)
            let maxY = max(frame.y + frame.height, cornerOrigin.y + k.size.height)
            frame = Frame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            frame.size = range.clamp(frame.size)
        }
        c.frame.origin = Point(x: -frame.x, y: -frame.y)
        cornerOrigin.x -= frame.x
        cornerOrigin.y -= frame.y
        k.frame.origin = cornerOrigin
        return LayoutNode(size: LeafLayout.finalSize(frame.size, context), children: [c, k])
    }
}
