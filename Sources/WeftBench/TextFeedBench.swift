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

    private static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// CPU milliseconds per whole feed, median of `runs`, for plain texts and for spans, interleaved in one run.
    static func run(runs: Int, cells: Int = 1000) {
        let plain = feed(cells: cells, spans: false)
        let rich = feed(cells: cells, spans: true)
        var times: [[Double]] = [[], []]
        for _ in 0..<runs {
            for (slot, body) in [plain, rich].enumerated() {
                let engine = ContainerEngine(
                    workers: 1, cacheBytes: 0, textMeasurer: WeftTextMeasurer(cache: MeasurementCache()))
                // The process's CPU time: what other processes on a busy machine take is not counted.
                let start = processCPUSeconds()
                let response = engine.respond(body: body)
                times[slot].append((processCPUSeconds() - start) * 1000)
                if response.status != 200 {
                    print("feed answered \(response.status): \(String(decoding: response.body.prefix(300), as: UTF8.self))")
                    return
                }
            }
        }
        let medians = times.map { $0.sorted()[$0.count / 2] }
        // Each run lays out both feeds back to back, so the ratio within a run
        // is what a busy machine disturbs least.
        let ratios = zip(times[1], times[0]).map { $0 / $1 }.sorted()
        print("feed-\(cells) table, one layout thread, cold text cache, CPU time, median of \(runs) runs")
        print(String(format: "plain texts   %8.1f ms", medians[0]))
        print(String(format: "spans         %8.1f ms   (%.2fx plain; per-run ratios median %.2f, %.2f-%.2f)",
            medians[1], medians[1] / medians[0], ratios[ratios.count / 2], ratios.first ?? 0, ratios.last ?? 0))
    }
}
