import Foundation
import WeftLayout

/// Test-only reader for the conformance fixtures' requests (the keys the
/// yoga and yoga-text suites use), until the service's decoder is available.
struct FlexFixture {
    var name: String
    var root: Element
    var range: SizeRange
    var direction: LayoutDirection
    var pointScale: Double
    var expectedSize: Size
    /// id -> [x, y, width, height] in root coordinates.
    var expectedFrames: [String: [Double]]
    var tolerance: Double

    enum LoadError: Error { case bad(String) }

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let request = json["request"] as? [String: Any], let expected = json["expected"] as? [String: Any],
            let rootJSON = request["root"] as? [String: Any]
        else { throw LoadError.bad(url.lastPathComponent) }
        name = json["name"] as? String ?? url.lastPathComponent
        root = try FlexFixture.element(rootJSON)
        direction = (request["direction"] as? String) == "rtl" ? .rtl : .ltr
        pointScale = (request["pointScale"] as? NSNumber)?.doubleValue ?? 0
        range = FlexFixture.sizeRange(request["sizeRange"] as? [String: Any])
        let size = expected["size"] as? [String: Any] ?? [:]
        expectedSize = Size(
            width: (size["width"] as? NSNumber)?.doubleValue ?? .nan,
            height: (size["height"] as? NSNumber)?.doubleValue ?? .nan)
        var frames: [String: [Double]] = [:]
        for (id, value) in expected["frames"] as? [String: Any] ?? [:] {
            frames[id] = (value as? [NSNumber] ?? []).map(\.doubleValue)
        }
        expectedFrames = frames
        tolerance = (json["tolerance"] as? NSNumber)?.doubleValue ?? 0.01
    }

    static func sizeRange(_ json: [String: Any]?) -> SizeRange {
        func size(_ v: Any?, _ fallback: Double) -> Size {
            let d = v as? [String: Any] ?? [:]
            return Size(
                width: (d["width"] as? NSNumber)?.doubleValue ?? fallback,
                height: (d["height"] as? NSNumber)?.doubleValue ?? fallback)
        }
        return SizeRange(min: size(json?["min"], 0), max: size(json?["max"], .infinity))
    }

    static func element(_ json: [String: Any]) throws -> Element {
        let type = json["type"] as? String ?? ""
        let kind: ElementKind
        switch type {
        case "flex": kind = .flex
        case "box": kind = .box
        case "text":
            let font = json["font"] as? [String: Any] ?? [:]
            kind = .text(
                TextContent(
                    text: json["text"] as? String ?? "",
                    font: FontDescriptor(
                        family: font["family"] as? String ?? "Ahem", size: (font["size"] as? NSNumber)?.doubleValue ?? 16),
                    lineHeight: (json["lineHeight"] as? NSNumber)?.doubleValue))
        default: throw LoadError.bad("type \(type)")
        }
        let children = try (json["children"] as? [[String: Any]] ?? []).map(element)
        return Element(kind, id: json["id"] as? String, style: try style(json["style"] as? [String: Any] ?? [:]), children: children)
    }

    static func dimension(_ v: Any?) throws -> WeftLayout.Dimension {
        if let n = v as? NSNumber { return .points(n.doubleValue) }
        guard let s = v as? String else { throw LoadError.bad("dimension \(String(describing: v))") }
        switch s {
        case "auto": return .auto
        case "max-content": return .maxContent
        case "fit-content": return .fitContent
        case "stretch": return .stretch
        default:
            guard s.hasSuffix("%"), let p = Double(s.dropLast()) else { throw LoadError.bad("dimension \(s)") }
            return .fraction(p / 100)
        }
    }

    static func edges(_ v: Any?) throws -> Edges {
        var e = Edges()
        guard let d = v as? [String: Any] else {
            e.all = try dimension(v)
            return e
        }
        for (k, value) in d {
            let dim = try dimension(value)
            switch k {
            case "left": e.left = dim
            case "top": e.top = dim
            case "right": e.right = dim
            case "bottom": e.bottom = dim
            case "start": e.start = dim
            case "end": e.end = dim
            case "horizontal": e.horizontal = dim
            case "vertical": e.vertical = dim
            case "all": e.all = dim
            default: throw LoadError.bad("edge \(k)")
            }
        }
        return e
    }

    static func align(_ s: String) throws -> Align {
        let table: [String: Align] = [
            "auto": .auto, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
            "baseline": .baseline, "space-between": .spaceBetween, "space-around": .spaceAround,
            "space-evenly": .spaceEvenly, "start": .start, "end": .end,
        ]
        guard let a = table[s] else { throw LoadError.bad("align \(s)") }
        return a
    }

    static func style(_ json: [String: Any]) throws -> Style {
        var s = Style()
        for (key, value) in json {
            let text = value as? String ?? ""
            let number = (value as? NSNumber)?.doubleValue
            switch key {
            case "width": s.width = try dimension(value)
            case "height": s.height = try dimension(value)
            case "minWidth": s.minWidth = try dimension(value)
            case "minHeight": s.minHeight = try dimension(value)
            case "maxWidth": s.maxWidth = try dimension(value)
            case "maxHeight": s.maxHeight = try dimension(value)
            case "flexBasis": s.flexBasis = try dimension(value)
            case "flex": s.flex = number
            case "flexGrow": s.flexGrow = number
            case "flexShrink": s.flexShrink = number
            case "aspectRatio": s.aspectRatio = number
            case "gap": s.gap = try dimension(value)
            case "rowGap": s.rowGap = try dimension(value)
            case "columnGap": s.columnGap = try dimension(value)
            case "margin": s.margin = try edges(value)
            case "padding": s.padding = try edges(value)
            case "border": s.border = try edges(value)
            case "position": s.position = try edges(value)
            case "alignItems": s.alignItems = try align(text)
            case "alignSelf": s.alignSelf = try align(text)
            case "alignContent": s.alignContent = try align(text)
            case "flexDirection":
                s.flexDirection = ["row": .row, "row-reverse": .rowReverse, "column-reverse": .columnReverse][text] ?? .column
            case "justifyContent":
                let table: [String: JustifyContent] = [
                    "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "space-between": .spaceBetween,
                    "space-around": .spaceAround, "space-evenly": .spaceEvenly, "start": .start, "end": .end,
                ]
                guard let j = table[text] else { throw LoadError.bad("justify \(text)") }
                s.justifyContent = j
            case "flexWrap": s.flexWrap = ["wrap": .wrap, "wrap-reverse": .wrapReverse][text] ?? .noWrap
            case "positionType": s.positionType = ["static": .static, "absolute": .absolute][text] ?? .relative
            case "display": s.display = ["none": .none, "contents": .contents][text] ?? .flex
            case "overflow": s.overflow = ["hidden": .hidden, "scroll": .scroll][text] ?? .visible
            case "boxSizing": s.boxSizing = text == "content-box" ? .contentBox : .borderBox
            case "direction": s.direction = ["ltr": .ltr, "rtl": .rtl][text] ?? .inherit
            default: throw LoadError.bad("style key \(key)")
            }
        }
        return s
    }
}

extension FlexFixture {
    /// Compares like conformance/run.py: frames summed into root
    /// coordinates, matched by id, within the tolerance; plus `size`.
    func check(_ node: LayoutNode) -> String? {
        var got: [String: [Double]] = [:]
        func walk(_ e: Element, _ n: LayoutNode, _ origin: Point) {
            let x = origin.x + n.frame.x, y = origin.y + n.frame.y
            if let id = e.id { got[id] = [x, y, n.frame.width, n.frame.height] }
            guard e.children.count == n.children.count else { return }
            for (ce, cn) in zip(e.children, n.children) { walk(ce, cn, Point(x: x, y: y)) }
        }
        walk(root, node, .zero)
        if abs(node.size.width - expectedSize.width) > tolerance || abs(node.size.height - expectedSize.height) > tolerance {
            return "wrong size: expected \(expectedSize) got \(node.size)"
        }
        for id in expectedFrames.keys.sorted() {
            let want = expectedFrames[id]!
            guard let have = got[id] else { return "missing id \(id)" }
            if zip(want, have).contains(where: { abs($0 - $1) > tolerance }) {
                return "wrong frame \(id): expected \(want) got \(have)"
            }
        }
        return nil
    }
}
