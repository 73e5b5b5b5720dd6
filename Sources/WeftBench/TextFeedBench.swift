import Foundation
import WeftLayout
import WeftService
import WeftText

/// The rich-text half of `WeftBench text`: a table feed of 1000 cells, each a
/// row with an avatar and one text holding an author, a timestamp and a body,
/// sent once as three spans (bold author, smaller grey timestamp, regular body)
/// and once as a plain `text` of the same characters; both laid out cold (a
/// fresh text cache per run) through the container engine on one thread.
enum TextFeedBench {
    static let authors = ["Ada Lovelace", "Grace Hopper", "Linus", "Margaret Hamilton", "Alan Kay", "Barbara Liskov"]
    static let words = [
        "shipped", "the", "new", "layout", "engine", "today", "and", "every", "cell", "measures", "exactly", "as",
        "the", "browser", "draws", "it", "with", "fonts", "shaping", "line", "breaking",
    ]

    static func feed(cells: Int, spans: Bool) -> [UInt8] {
        var items: [String] = []
        items.reserveCapacity(cells)
        for index in 0..<cells {
            let author = authors[index % authors.count]
            let time = " · \(index % 59 + 1)m"
            let body = "\n" + (0..<(12 + index % 17)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
                + " #\(index)"
            let text: String
            if spans {
                text = """
                    "font": {"family": "Inter", "size": 15}, "spans": [\
                    {"text": \(json(author)), "font": {"weight": 700}}, \
                    {"text": \(json(time)), "font": {"size": 13}, "link": "https://example.org/p/\(index)"}, \
                    {"text": \(json(body))}]
                    """
            } else {
                text = #""font": {"family": "Inter", "size": 15}, "text": "# + json(author + time + body)
            }
            items.append(
                #"{"id": "post-\#(index)", "node": {"type": "stack", "direction": "horizontal", "spacing": 8, "children": [{"type": "box", "style": {"preferredSize": {"width": 44, "height": 44}}}, {"type": "text", "style": {"flexShrink": 1}, \#(text)}]}}"#
            )
        }
        let body = #"{"container": {"type": "table", "bounds": {"width": 375, "height": 667}}, "items": ["#
            + items.joined(separator: ",") + "]}"
        return Array(body.utf8)
    }

    private static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Milliseconds per whole feed, median of `runs`, for plain texts and for spans, interleaved in one run.
    static func run(runs: Int, cells: Int = 1000) {
        let plain = feed(cells: cells, spans: false)
        let rich = feed(cells: cells, spans: true)
        var times: [[Double]] = [[], []]
        for _ in 0..<runs {
            for (slot, body) in [plain, rich].enumerated() {
                let engine = ContainerEngine(
                    workers: 1, cacheBytes: 0, textMeasurer: WeftTextMeasurer(cache: MeasurementCache()))
                let start = DispatchTime.now().uptimeNanoseconds
                let response = engine.respond(body: body)
                times[slot].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                if response.status != 200 {
                    print("feed answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
                    return
                }
            }
        }
        let medians = times.map { $0.sorted()[$0.count / 2] }
        print("feed-\(cells) table, one thread, cold text cache, median of \(runs) runs")
        print(String(format: "plain texts   %8.1f ms", medians[0]))
        print(String(format: "spans         %8.1f ms   (%.2fx plain)", medians[1], medians[1] / medians[0]))
    }
}
