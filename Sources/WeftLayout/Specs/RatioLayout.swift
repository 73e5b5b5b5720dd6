/// ASRatioLayoutSpec (ASRatioLayoutSpec.mm): `ratio` is height / width. Picks, among
/// the sizes that fill the maximum width or the maximum height, the one
/// closest to the ratio, and measures the child at exactly that size.
enum RatioLayout {
    static func layout(_ element: Element, ratio: Double, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        guard let child = element.children.first else {
            return LayoutNode(size: LeafLayout.finalSize(range.min, context))
        }
        let grid = PixelGrid(scale: context.pointScale)
        var options: [Size] = []
        if TextureMath.validForSize(range.max.width) {
            options.append(range.clamp(Size(width: range.max.width, height: grid.floor(ratio * range.max.width))))
        }
        if TextureMath.validForSize(range.max.height) {
            options.append(range.clamp(Size(width: grid.floor(range.max.height / ratio), height: range.max.height)))
        }
        var best: Size?
        var bestError = Double.nan
        for option in options {
            let error = abs(option.height / option.width - ratio)
            // Earlier options win ties and NaN comparisons, as std::min_element does.
            if best == nil || error < bestError {
                best = option
                bestError = error
            }
        }
        let childRange = best.map { range.intersect(SizeRange(exactly: $0)) } ?? range
        let childParent = best ?? Size(width: .nan, height: .nan)
        var c = ElementMeasurer.measure(child, in: childRange, parentSize: childParent, context: context)
        c.frame.origin = .zero
        return LayoutNode(size: c.size, children: [c])
    }
}
