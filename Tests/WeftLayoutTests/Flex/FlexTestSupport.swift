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
    func walk(_ n: LayoutNode, _ e: Element, _ origin: Point) {
        let o = Point(x: origin.x + n.frame.x, y: origin.y + n.frame.y)
        if let id = e.id { out[id] = Frame(origin: o, size: n.frame.size) }
        for (c, ce) in zip(n.children, e.children) { walk(c, ce, o) }
    }
    walk(node, root, .zero)
    return (node.size, out)
}

func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame {
    Frame(x: x, y: y, width: w, height: h)
}
