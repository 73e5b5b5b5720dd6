import Foundation
import WeftLayout

/// One `conformance/text` or `yoga-text` case, read with JSONSerialization: a
/// development stand-in until the service's own codec and harness exist.
struct TextFixture {
    let name: String
    let category: String
    let content: TextContent
    let maxWidth: Double
    let expectedSize: Size
    let expectedLineCount: Int?
    let expectedTruncated: Bool?
    let tolerance: Double
    let expectedLines: [(text: String, width: Double, height: Double)]

    /// `<package>/conformance`, found from this file's path.
    static let conformanceDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance")

    /// How many cases `conformance/text` holds: tests that read the suite check
    /// it, so a missing folder or an unreadable case fails them.
    static let textSuiteSize = 421

    static func loadTextSuite() -> [TextFixture] {
        let directory = conformanceDirectory.appendingPathComponent("text")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap {
            load(directory.appendingPathComponent($0))
        }
    }

    static func load(_ url: URL) -> TextFixture? {
        guard let data = try? Data(contentsOf: url),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let request = json["request"] as? [String: Any],
            let root = request["root"] as? [String: Any],
            let expected = json["expected"] as? [String: Any],
            let size = expected["size"] as? [String: Any]
        else { return nil }
        return TextFixture(
            name: json["name"] as? String ?? url.lastPathComponent,
            category: json["category"] as? String ?? "?",
            content: textContent(root),
            maxWidth: ((request["sizeRange"] as? [String: Any])?["max"] as? [String: Any])?["width"] as? Double
                ?? .infinity,
            expectedSize: Size(width: number(size["width"]), height: number(size["height"])),
            expectedLineCount: expected["lineCount"] as? Int,
            expectedTruncated: expected["truncated"] as? Bool,
            tolerance: json["tolerance"] as? Double ?? 0.5,
            expectedLines: (json["x-lines"] as? [[String: Any]] ?? []).map {
                ($0["text"] as? String ?? "", number($0["width"]), number($0["height"]))
            })
    }

    static func textContent(_ element: [String: Any]) -> TextContent {
        let font = element["font"] as? [String: Any] ?? [:]
        let truncation: Truncation =
            switch element["truncation"] as? String {
            case "head": .head
            case "middle": .middle
            case "clip": .clip
            default: .tail
            }
        return TextContent(
            text: element["text"] as? String ?? "",
            font: FontDescriptor(
                family: font["family"] as? String ?? "sans-serif", size: number(font["size"], 16),
                weight: font["weight"] as? Int ?? 400, italic: font["style"] as? String == "italic"),
            lineHeight: element["lineHeight"] as? Double, maxLines: element["maxLines"] as? Int ?? 0,
            truncation: truncation, letterSpacing: number(element["letterSpacing"]))
    }

    static func number(_ value: Any?, _ fallback: Double = 0) -> Double {
        (value as? NSNumber)?.doubleValue ?? fallback
    }
}
