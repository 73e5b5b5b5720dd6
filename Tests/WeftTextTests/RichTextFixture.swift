import Foundation
import WeftLayout

/// One `conformance/rich-text` case (written by scripts/text-oracle.py): a root
/// `text` element made of spans, with the size, line count and line boxes
/// Chromium gave the same `<span>`s.
struct RichTextFixture {
    struct Line {
        let frame: Frame
        let start: Int
        let end: Int
    }

    let name: String
    let category: String
    let content: TextContent
    let maxWidth: Double
    let expectedSize: Size
    let expectedLineCount: Int
    let expectedTruncated: Bool
    let expectedLines: [Line]
    let tolerance: Double

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance/rich-text")

    static func loadSuite() -> [RichTextFixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { load(directory.appendingPathComponent($0)) }
    }

    static func load(_ url: URL) -> RichTextFixture? {
        guard let data = try? Data(contentsOf: url),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let request = json["request"] as? [String: Any],
            let root = request["root"] as? [String: Any],
            let expected = json["expected"] as? [String: Any],
            let size = expected["size"] as? [String: Any]
        else { return nil }
        let number = TextFixture.number
        return RichTextFixture(
            name: json["name"] as? String ?? url.lastPathComponent,
            category: json["category"] as? String ?? "?",
            content: content(root),
            maxWidth: ((request["sizeRange"] as? [String: Any])?["max"] as? [String: Any])?["width"] as? Double
                ?? .infinity,
            expectedSize: Size(width: number(size["width"], 0), height: number(size["height"], 0)),
            expectedLineCount: expected["lineCount"] as? Int ?? 0,
            expectedTruncated: expected["truncated"] as? Bool ?? false,
            expectedLines: (expected["lines"] as? [[String: Any]] ?? []).map { line in
                let frame = (line["frame"] as? [Any] ?? []).map { number($0, 0) }
                return Line(
                    frame: Frame(x: frame[0], y: frame[1], width: frame[2], height: frame[3]),
                    start: line["start"] as? Int ?? -1, end: line["end"] as? Int ?? -1)
            },
            tolerance: json["tolerance"] as? Double ?? 0.5)
    }

    /// The element as the service decodes it: spans inherit the element's font keys and letter-spacing.
    static func content(_ root: [String: Any]) -> TextContent {
        var content = TextFixture.textContent(root)
        let spans = (root["spans"] as? [[String: Any]] ?? []).map { span -> TextSpan in
            var font = content.font
            if let override = span["font"] as? [String: Any] {
                if let family = override["family"] as? String { font.family = family }
                if let size = override["size"] { font.size = TextFixture.number(size, font.size) }
                if let weight = override["weight"] as? Int { font.weight = weight }
                if let style = override["style"] as? String { font.italic = style == "italic" }
            }
            return TextSpan(
                text: span["text"] as? String ?? "", font: font,
                letterSpacing: span["letterSpacing"].map { TextFixture.number($0, 0) } ?? content.letterSpacing,
                link: span["link"] as? String)
        }
        content.spans = spans
        content.text = spans.map(\.text).joined()
        content.reportsLines = root["lines"] as? Bool ?? false
        content.alignment =
            switch root["alignment"] as? String {
            case "left": .left
            case "right": .right
            case "center": .center
            case "justified": .justified
            default: .natural
            }
        content.baseDirection =
            switch root["baseDirection"] as? String {
            case "ltr": .ltr
            case "rtl": .rtl
            default: .auto
            }
        return content
    }
}
