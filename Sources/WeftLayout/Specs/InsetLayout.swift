/// ASInsetLayoutSpec (ASInsetLayoutSpec.mm). Ignores its own style size; an infinite
/// inset absorbs whatever space the child and the other inset leave.
enum InsetLayout {
    static func layout(
        _ element: Element, insets: InsetSpec, in range: SizeRange, parentSize: Size, context: LayoutContext
    ) -> LayoutNode {
        guard let child = element.children.first else {
            return LayoutNode(size: .zero)
        }
        let grid = PixelGrid(scale: context.pointScale)
        let ix = finite(insets.left, 0) + finite(insets.right, 0)
        let iy = finite(insets.top, 0) + finite(insets.bottom, 0)
        let minW = insets.left.isInfinite || insets.right.isInfinite ? 0 : range.min.width
        let minH = insets.top.isInfinite || insets.bottom.isInfinite ? 0 : range.min.height
        let childRange = SizeRange(
            min: Size(width: TextureMath.max(0, minW - ix), height: TextureMath.max(0, minH - iy)),
            max: Size(width: TextureMath.max(0, range.max.width - ix), height: TextureMath.max(0, range.max.height - iy)))
        // Foundation's MAX turns an undefined (NaN) parent into 0 here.
        let childParent = Size(
            width: TextureMath.max(0, parentSize.width - ix), height: TextureMath.max(0, parentSize.height - iy))
        var c = ElementMeasurer.measure(child, in: childRange, parentSize: childParent, context: context)
        let cw = c.size.width, ch = c.size.height
        let size = range.clamp(Size(
            width: finite(cw + insets.left + insets.right, range.max.width),
            height: finite(ch + insets.top + insets.bottom, range.max.height)))
        let x = finite(insets.left, range.max.width - (finite(insets.right, grid.round((range.max.width - cw) / 2)) + cw))
        let y = finite(insets.top, range.max.height - (finite(insets.bottom, grid.round((range.max.height - ch) / 2)) + ch))
        c.frame.origin = Point(x: x, y: y)
        return LayoutNode(size: LeafLayout.finalSize(size, context), children: [c])
    }

    /// Texture's `isinf(v) ? substitute : v`.
    @inline(__always)
    private static func finite(_ v: Double, _ substitute: Double) -> Double {
        v.isInfinite ? substitute : v
    }
}
