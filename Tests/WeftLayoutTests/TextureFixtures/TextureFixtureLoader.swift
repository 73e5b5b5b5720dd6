import Foundation
@testable import WeftLayout

/// Reads the Texture conformance fixtures with Foundation, for testing the
/// layout engine on its own. Only the keys those fixtures use are read; the
/// service's own decoder is tested separately against the full contract.
struct TextureFixture {
    let name: String
    let root: Element
    let range: SizeRange
    let pointScale: Double
    let expectedSize: Size
    let expectedFrames: [String: Frame]
    let tolerance: Double

    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance/texture")
    }

    static func loadAll() throws -> [TextureFixture] {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { try load($0) }
    }

    static func load(_ url: URL) throws -> TextureFixture {
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let request = doc["request"] as! [String: Any]
        let expected = doc["expected"] as! [String: Any]
        var frames: [String: Frame] = [:]
        for (id, value) in expected["frames"] as! [String: [Double]] {
            frames[id] = Frame(x: value[0], y: value[1], width: value[2], height: value[3])
        }
        return TextureFixture(
            name: doc["name"] as! String,
            root: element(request["root"] as! [String: Any]),
            range: sizeRange(request["sizeRange"] as? [String: Any] ?? [:]),
            pointScale: request["pointScale"] as? Double ?? 0,
            expectedSize: size(expected["size"] as! [String: Any], missing: 0),
            expectedFrames: frames,
            tolerance: doc["tolerance"] as? Double ?? 0.01)
    }

    static func sizeRange(_ json: [String: Any]) -> SizeRange {
        SizeRange(
            min: size(json["min"] as? [String: Any] ?? [:], missing: 0),
            max: size(json["max"] as? [String: Any] ?? [:], missing: .infinity))
    }

    static func size(_ json: [String: Any], missing: Double) -> Size {
        Size(width: json["width"] as? Double ?? missing, height: json["height"] as? Double ?? missing)
    }

    static func dimension(_ any: Any?) -> WeftLayout.Dimension {
        if let n = any as? Double { return .points(n) }
        if let s = any as? String, s.hasSuffix("%"), let v = Double(s.dropLast()) { return .fraction(v / 100) }
        return .auto
    }

    static func style(_ json: [String: Any]) -> Style {
        var s = Style()
        s.width = dimension(json["width"])
        s.height = dimension(json["height"])
        s.minWidth = dimension(json["minWidth"])
        s.maxWidth = dimension(json["maxWidth"])
        s.minHeight = dimension(json["minHeight"])
        s.maxHeight = dimension(json["maxHeight"])
        s.flexGrow = json["flexGrow"] as? Double
        s.flexShrink = json["flexShrink"] as? Double
        s.flexBasis = dimension(json["flexBasis"])
        s.spacingBefore = json["spacingBefore"] as? Double ?? 0
        s.spacingAfter = json["spacingAfter"] as? Double ?? 0
        if let p = json["layoutPosition"] as? [String: Double] { s.layoutPosition = Point(x: p["x"] ?? 0, y: p["y"] ?? 0) }
        switch json["alignSelf"] as? String {
        case "start"?: s.alignSelf = .flexStart
        case "end"?: s.alignSelf = .flexEnd
        case "center"?: s.alignSelf = .center
        case "stretch"?: s.alignSelf = .stretch
        default: break
        }
        return s
    }

    static func element(_ json: [String: Any]) -> Element {
        let id = json["id"] as? String
        let st = style(json["style"] as? [String: Any] ?? [:])
        let sub = { (key: String) in (json[key] as? [String: Any]).map(element) }
        let list = (json["children"] as? [[String: Any]] ?? []).map(element)
        switch json["type"] as! String {
        case "box": return Element(.box, id: id, style: st)
        case "stack": return Element(.stack(stack(json)), id: id, style: st, children: list)
        case "inset":
            let i = json["insets"] as? [String: Any] ?? [:]
            func edge(_ k: String) -> Double { i.keys.contains(k) ? (i[k] as? Double ?? .infinity) : 0 }
            return Element(.inset(InsetSpec(top: edge("top"), left: edge("left"), bottom: edge("bottom"), right: edge("right"))),
                           id: id, style: st, children: [sub("child")!])
        case "overlay": return Element(.overlay, id: id, style: st, children: [sub("child"), sub("overlay")].compactMap { $0 })
        case "background":
            let bg = sub("background")
            return Element(.background(hasBackground: bg != nil), id: id, style: st, children: [bg, sub("child")].compactMap { $0 })
        case "center":
            let c = json["centeringOptions"] as? String ?? "none"
            let s = json["sizingOptions"] as? String ?? "default"
            var sizing: MinimumSizing = []
            if s == "minimumX" || s == "minimumXY" { sizing.insert(.width) }
            if s == "minimumY" || s == "minimumXY" { sizing.insert(.height) }
            return Element(.center(CenterSpec(centerX: c.contains("x"), centerY: c.contains("y"), sizing: sizing)),
                           id: id, style: st, children: [sub("child")!])
        case "ratio": return Element(.ratio(json["ratio"] as! Double), id: id, style: st, children: [sub("child")!])
        case "relative":
            func pos(_ k: String) -> RelativePosition {
                switch json[k] as? String { case "start"?: return .start; case "center"?: return .center; case "end"?: return .end; default: return .none }
            }
            let s = json["sizingOption"] as? String ?? "default"
            var sizing: MinimumSizing = []
            if s == "minimumWidth" || s == "minimumSize" { sizing.insert(.width) }
            if s == "minimumHeight" || s == "minimumSize" { sizing.insert(.height) }
            return Element(.relative(RelativeSpec(horizontal: pos("horizontalPosition"), vertical: pos("verticalPosition"), sizing: sizing)),
                           id: id, style: st, children: [sub("child")!])
        case "absolute":
            return Element(.absolute(json["sizing"] as? String == "sizeToFit" ? .sizeToFit : .default), id: id, style: st, children: list)
        case "corner":
            let loc: CornerLocation
            switch json["location"] as? String {
            case "topRight"?: loc = .topRight
            case "bottomLeft"?: loc = .bottomLeft
            case "bottomRight"?: loc = .bottomRight
            default: loc = .topLeft
            }
            let o = json["offset"] as? [String: Double] ?? [:]
            let spec = CornerSpec(location: loc, offset: Point(x: o["x"] ?? 0, y: o["y"] ?? 0), wrapsCorner: json["wrapsCorner"] as? Bool ?? false)
            return Element(.corner(spec), id: id, style: st, children: [sub("child")!, sub("corner")!])
        case "wrapper": return Element(.wrapper, id: id, style: st, children: list)
        case let other: fatalError("fixture element type \(other) not read by this loader")
        }
    }

    static func stack(_ json: [String: Any]) -> StackSpec {
        var s = StackSpec()
        s.spacing = json["spacing"] as? Double ?? 0
        s.lineSpacing = json["lineSpacing"] as? Double ?? 0
        switch json["direction"] as? String { case "vertical"?: s.direction = .vertical; default: s.direction = .horizontal }
        switch json["justifyContent"] as? String {
        case "center"?: s.justifyContent = .center
        case "end"?: s.justifyContent = .end
        case "spaceBetween"?: s.justifyContent = .spaceBetween
        case "spaceAround"?: s.justifyContent = .spaceAround
        default: s.justifyContent = .start
        }
        switch json["alignItems"] as? String {
        case "start"?: s.alignItems = .start
        case "end"?: s.alignItems = .end
        case "center"?: s.alignItems = .center
        default: s.alignItems = .stretch
        }
        s.flexWrap = json["flexWrap"] as? String == "wrap" ? .wrap : .noWrap
        switch json["alignContent"] as? String {
        case "center"?: s.alignContent = .center
        case "end"?: s.alignContent = .end
        case "spaceBetween"?: s.alignContent = .spaceBetween
        case "spaceAround"?: s.alignContent = .spaceAround
        case "stretch"?: s.alignContent = .stretch
        default: s.alignContent = .start
        }
        switch json["horizontalAlignment"] as? String { case "left"?: s.horizontalAlignment = .left; case "middle"?: s.horizontalAlignment = .middle; case "right"?: s.horizontalAlignment = .right; default: break }
        switch json["verticalAlignment"] as? String { case "top"?: s.verticalAlignment = .top; case "center"?: s.verticalAlignment = .center; case "bottom"?: s.verticalAlignment = .bottom; default: break }
        return s
    }
}

/// Sums relative frames down the tree into root coordinates, by id.
func absoluteFrames(_ node: LayoutNode, _ element: Element, origin: Point = .zero, into out: inout [String: Frame]) {
    let o = Point(x: origin.x + node.frame.x, y: origin.y + node.frame.y)
    if let id = element.id { out[id] = Frame(origin: o, size: node.frame.size) }
    for (c, e) in zip(node.children, element.children) { absoluteFrames(c, e, origin: o, into: &out) }
}
