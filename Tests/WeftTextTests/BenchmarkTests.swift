import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// Prints measurements per second for short labels and for paragraphs, cold
/// (every text new to the cache) and cached. Figures only: nothing is asserted
/// about time. Run a release build for meaningful numbers:
/// `swift test -c release --filter WeftTextTests.BenchmarkTests`.
@Suite struct BenchmarkTests {
    static let labels = ["OK", "Cancel", "Sign in", "Settings", "Add to cart", "Forgot password?", "Done", "Share…"]
    static let paragraph = """
        The licenses for most software and other practical works are designed to take away your freedom to share \
        and change the works. By contrast, the GNU General Public License is intended to guarantee your freedom to \
        share and change all versions of a program, to make sure it remains free software for all its users.
        """

    static func rate(count: Int, _ body: (Int) -> Void) -> Double {
        let start = ContinuousClock.now
        for index in 0..<count { body(index) }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return Double(count) / max(seconds, 1e-9)
    }

    @Test func measurementsPerSecond() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let font = FontDescriptor(family: "Inter", size: 16)
        // Load the faces once so "cold" means "not cached", not "first use of the font".
        _ = measurer.measure(TextContent(text: "warm-up", font: font), maxWidth: 100, maxHeight: .infinity)

        let labelCount = 4000
        let coldLabels = Self.rate(count: labelCount) { index in
            let text = "\(Self.labels[index % Self.labels.count]) \(index)"
            _ = measurer.measure(TextContent(text: text, font: font), maxWidth: 200, maxHeight: .infinity)
        }
        let cachedLabels = Self.rate(count: labelCount) { index in
            let text = "\(Self.labels[index % Self.labels.count]) \(index)"
            _ = measurer.measure(TextContent(text: text, font: font), maxWidth: 200, maxHeight: .infinity)
        }
        let paragraphCount = 300
        let coldParagraphs = Self.rate(count: paragraphCount) { index in
            _ = measurer.measure(TextContent(text: Self.paragraph, font: font), maxWidth: 300 + Double(index), maxHeight: .infinity)
        }
        let cachedParagraphs = Self.rate(count: paragraphCount) { index in
            _ = measurer.measure(TextContent(text: Self.paragraph, font: font), maxWidth: 300 + Double(index), maxHeight: .infinity)
        }
        print(
            String(
                format: "benchmark labels: cold %.0f/s, cached %.0f/s; paragraphs (%d chars): cold %.0f/s, cached %.0f/s",
                coldLabels, cachedLabels, Self.paragraph.count, coldParagraphs, cachedParagraphs))
        #expect(measurer.cache.statistics.hits >= labelCount + paragraphCount)
    }
}
