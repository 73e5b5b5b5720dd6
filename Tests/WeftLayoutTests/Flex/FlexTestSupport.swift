@testable import WeftLayout

/// Builders and a frame reader for the flex unit tests.
func flexNode(_ id: String? = nil, _ configure: (inout Style) -> Void = { _ in }, _ children: [Element] = []) -> Element {
    var style = Style()
    configure(&style)
    return Element(.flex, id: id, style: style, children: children)
}

func flexBox(_ id: String, _ w: Double, _ h: Double) -> Element {
    var style = Style()
    style.setPreferredSize(Size(width: w, height: h))
    return Element(.box, id: id, style: style)
}

/// Lays `root` out and returns every identified frame in root coordinates.
func flexFrames(
    _ root: Element, _ range: SizeRange = .unconstrained, direction: LayoutDirection = .ltr, scale: Double = 0
) -> (size: Size, byId: [String: Frame]) {
    let context = LayoutContext(pointScale: scale, direction: direction, textMeasurer: FlexAhemMeasurer())
    let node = LayoutEngine.layout(root, in: range, context: context)
    var out: [String: Frame] = [:]
    absoluteFrames(node, root, into: &out)
    return (node.size, out)
}

func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame {
    Frame(x: x, y: y, width: w, height: h)
}
