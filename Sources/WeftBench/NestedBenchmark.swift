import Foundation
import WeftService

/// A feed table whose rows each hold a horizontal strip of cards (a nested
/// `container`), against the same feed with each strip flattened into a
/// horizontal stack of the same cards: the cost of nesting, as medians of
/// whole requests from one run, runs interleaved so that the machine's load
/// hits both alike.
struct NestedBenchmark {
    let options: BenchOptions
    let cardsPerStrip = 10

    func run() {
        let nested = Array(Self.feed(cells: options.cells, cards: cardsPerStrip, nested: true).utf8)
        let flat = Array(Self.feed(cells: options.cells, cards: cardsPerStrip, nested: false).utf8)
        let workers = options.workers ?? 1
        let engine = ContainerEngine(workers: workers, cacheBytes: 0, textMeasurer: nil)
        var answerBytes: [Int] = []
        for body in [nested, flat] {
            let response = engine.respond(body: body)
            guard response.status == 200 else {
                print("the benchmark's request was refused: \(String(decoding: response.body.prefix(300), as: UTF8.self))")
                return
            }
            answerBytes.append(response.body.count)
        }
        if let only = options.phase {
            // For a profiler: one of the two, repeated.
            let body = only == "flat" ? flat : nested
            for _ in 0..<max(1, options.runs) { _ = engine.respond(body: body) }
            return
        }
        var times: [[Double]] = [[], []]
        let clock = ContinuousClock()
        for _ in 0..<max(1, options.runs) {
            for (i, body) in [nested, flat].enumerated() {
                let t0 = clock.now
                let response = engine.respond(body: body)
                times[i].append((clock.now - t0).seconds)
                withExtendedLifetime(response) {}
            }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        let (n, f) = (median(times[0]), median(times[1]))
        print(String(
            format: "feed-%d table, a %d-card strip per row, whole request, %d worker%@, cache off, %d runs interleaved, medians:",
            options.cells, cardsPerStrip, workers, workers == 1 ? "" : "s", options.runs))
        print(String(format: "  nested container strips %8.2f ms (%d bytes, answered in %d)", n * 1000, nested.count, answerBytes[0]))
        print(String(format: "  flattened into stacks   %8.2f ms (%d bytes, answered in %d)", f * 1000, flat.count, answerBytes[1]))
        print(String(format: "  nested / flat: %.2fx", n / f))
    }

    /// A post (avatar, title, body, icons) above a strip of `cards` cards,
    /// each a cover over a caption; `nested`: the strip is a horizontal
    /// collection, else a horizontal stack with the same spacing.
    static func feed(cells: Int, cards: Int, nested: Bool) -> String {
        var rows: [String] = []
        rows.reserveCapacity(cells)
        for i in 0..<cells {
            let body = 40 + (37 * i) % 80
            let items = (0..<cards).map { k in
                let card = #"{"type":"stack","direction":"vertical","spacing":4,"children":[{"type":"box","style":{"preferredSize":{"width":\#(96 + 12 * (k % 3)),"height":72}}},{"type":"box","style":{"preferredSize":{"width":80,"height":16}}}]}"#
                return nested ? #"{"id":"card-\#(k)","node":\#(card)}"# : card
            }.joined(separator: ",")
            let strip = nested
                ? #"{"type":"container","id":"strip","container":{"type":"collection","scrollDirection":"horizontal","flow":{"itemSpacing":10,"sectionInset":{"left":12,"right":12}}},"items":[\#(items)]}"#
                : #"{"type":"inset","insets":{"left":12,"right":12},"child":{"type":"stack","id":"strip","direction":"horizontal","spacing":10,"children":[\#(items)]}}"#
            rows.append(#"""
                {"id":"post-\#(i)","node":{"type":"stack","direction":"vertical","spacing":8,"children":[{"type":"inset","insets":{"top":12,"left":12,"bottom":0,"right":12},"child":{"type":"stack","direction":"horizontal","spacing":10,"alignItems":"start","children":[{"type":"box","id":"avatar","style":{"preferredSize":{"width":44,"height":44}}},{"type":"stack","direction":"vertical","spacing":4,"style":{"flexGrow":1,"flexShrink":1},"children":[{"type":"box","id":"title","style":{"height":20,"width":"60%"}},{"type":"box","id":"body","style":{"height":\#(body)}}]}]}},\#(strip)]}}
                """#)
        }
        return #"{"container":{"type":"table","bounds":{"width":375,"height":667}},"pointScale":2,"items":["#
            + rows.joined(separator: ",") + "]}"
    }
}
