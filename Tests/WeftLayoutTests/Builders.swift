@testable import WeftLayout

/// Small builders so that each test reads like the Texture test it encodes.
func box(_ id: String, _ w: Double, _ h: Double, _ configure: (inout Style) -> Void = { _ in }) -> Element {
    var style = Style()
    style.setPreferredSize(Size(width: w, height: h))
    configure(&style)
    return Element(.box, id: id, style: style)
}

func stack(
    _ direction: StackDirection, _ children: [Element], _ configure: (inout StackSpec) -> Void = { _ in }
) -> Element {
    var spec = StackSpec()
    spec.direction = direction
    spec.alignItems = .start
    configure(&spec)
    return Element(.stack(spec), id: "stack", children: children)
}

func range(_ minW: Double, _ minH: Double, _ maxW: Double, _ maxH: Double) -> SizeRange {
    SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
}

func exactly(_ w: Double, _ h: Double) -> SizeRange { range(w, h, w, h) }

/// Lays out at the reference images' scale (2) and returns frames by id in root coordinates.
func frames(_ root: Element, _ r: SizeRange, scale: Double = 2) -> (size: Size, byId: [String: Frame]) {
    let node = LayoutEngine.layout(root, in: r, context: LayoutContext(pointScale: scale))
    var out: [String: Frame] = [:]
    absoluteFrames(node, root, into: &out)
    return (node.size, out)
}

func xs(_ f: [String: Frame], _ ids: [String]) -> [Double] { ids.map { f[$0]?.x ?? .nan } }
func ys(_ f: [String: Frame], _ ids: [String]) -> [Double] { ids.map { f[$0]?.y ?? .nan } }
func widths(_ f: [String: Frame], _ ids: [String]) -> [Double] { ids.map { f[$0]?.width ?? .nan } }
func heights(_ f: [String: Frame], _ ids: [String]) -> [Double] { ids.map { f[$0]?.height ?? .nan } }

/// Sums relative frames down the tree into root coordinates, by id.
func absoluteFrames(_ node: LayoutNode, _ element: Element, origin: Point = .zero, into out: inout [String: Frame]) {
    let o = Point(x: origin.x + node.frame.x, y: origin.y + node.frame.y)
    if let id = element.id { out[id] = Frame(origin: o, size: node.frame.size) }
    for (c, e) in zip(node.children, element.children) { absoluteFrames(c, e, origin: o, into: &out) }
}
