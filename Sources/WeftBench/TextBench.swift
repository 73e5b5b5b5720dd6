import Foundation
import WeftLayout
import WeftText

/// `WeftBench text [runs]`: text measurements per second for short labels and
/// for a paragraph, cold (every text new to the cache) and cached; medians;
/// then a feed of cells with spans against the same feed with plain texts.
enum TextBench {
    static let labels = ["OK", "Cancel", "Sign in", "Settings", "Add to cart", "Forgot password?", "Done", "Share…"]
    static let paragraph = """
        Weft measures text the way the browser renders it, so that a web page can draw every string inside the \
        frame Weft computed for it: the same fonts through fontconfig, the same shaping through HarfBuzz, and \
        the same line breaking rules, white space kept and long words broken anywhere.
        """

    static func run(arguments: [String]) {
        let runs = arguments.first.flatMap(Int.init) ?? 5
        let font = FontDescriptor(family: "Inter", size: 16)
        let labelCount = 4000, paragraphCount = 300
        var rates: [[Double]] = [[], [], [], []]
        for run in 0..<runs {
            // A fresh cache per run, so "cold" means not cached (the faces stay loaded).
            let measurer = WeftTextMeasurer(cache: MeasurementCache())
            _ = measurer.measure(TextContent(text: "warm-up", font: font), maxWidth: 100, maxHeight: .infinity)
            let label = { (i: Int) in
                _ = measurer.measure(
                    TextContent(text: "\(labels[i % labels.count]) \(run) \(i)", font: font), maxWidth: 200, maxHeight: .infinity)
            }
            let para = { (i: Int) in
                _ = measurer.measure(
                    TextContent(text: paragraph, font: font), maxWidth: 300 + Double(run * paragraphCount + i), maxHeight: .infinity)
            }
            rates[0].append(rate(labelCount, label))
            rates[1].append(rate(labelCount, label))
            rates[2].append(rate(paragraphCount, para))
            rates[3].append(rate(paragraphCount, para))
        }
        let m = rates.map { $0.sorted()[$0.count / 2] }
        print("text (Inter 16px, one thread, median of \(runs) runs)")
        print(String(format: "labels        cold %10.0f /s   cached %10.0f /s", m[0], m[1]))
        print(String(format: "paragraphs    cold %10.0f /s   cached %10.0f /s   (%d characters)", m[2], m[3], paragraph.count))
        TextFeedBench.run(runs: runs)
    }

    static func rate(_ count: Int, _ body: (Int) -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<count { body(i) }
        return Double(count) / max(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, 1e-9)
    }
}
