/// ASRelativeLayoutSpec, and ASCenterLayoutSpec as a relative spec whose
/// centring bits choose `center` or `none` per axis (ASRelativeLayoutSpec.mm, ASCenterLayoutSpec.mm).
enum RelativeLayout {
    static func layout(_ element: Element, spec: RelativeSpec, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        guard let child = element.children.first else {
            return LayoutNode(size: LeafLayout.finalSize(range.min, context))
        }
        let grid = PixelGrid(scale: context.pointScale)
        let parent = Size(
            width: TextureMath.validForSize(range.max.width) ? range.max.width : .nan,
            height: TextureMath.validForSize(range.max.height) ? range.max.height : .nan)
        // `none` hands the child the range minimum; any position frees it to 0.
        let childMin = Size(
            width: spec.horizontal != .none ? 0 : range.min.width,
            height: spec.vertical != .none ? 0 : range.min.height)
        var c = ElementMeasurer.measure(
            child, in: SizeRange(min: childMin, max: range.max), parentSize: parent, context: context)
        var size = range.clamp(Size(
            width: parent.width.isFinite ? parent.width : c.size.width,
            height: parent.height.isFinite ? parent.height : c.size.height))
        size = range.clamp(Size(
            width: TextureMath.min(size.width, spec.sizing.contains(.width) ? c.size.width : size.width),
            height: TextureMath.min(size.height, spec.sizing.contains(.height) ? c.size.height : size.height)))
        c.frame.origin = Point(
            x: grid.round((size.width - c.size.width) * factor(spec.horizontal)),
            y: grid.round((size.height - c.size.height) * factor(spec.vertical)))
        return LayoutNode(size: LeafLayout.finalSize(size, context), children: [c])
    }

    private static func factor(_ position: RelativePosition) -> Double {
        switch position {
        case .none, .start: return 0
        case .center: return 0.5
        case .end: return 1
        }
    }
}
