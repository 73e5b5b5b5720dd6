import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// Runs conformance/text through the measurer and prints the pass rate per
/// category. The whole suite must pass at 97% and the `ahem` category entirely.
@Suite struct ConformanceTests {
    struct Outcome {
        let fixture: TextFixture
        let measured: TextMeasurement
        var passed: Bool {
            let size = measured.size
            return abs(size.width - fixture.expectedSize.width) <= fixture.tolerance
                && abs(size.height - fixture.expectedSize.height) <= fixture.tolerance
                && (fixture.expectedLineCount.map { $0 == measured.lineCount } ?? true)
                && (fixture.expectedTruncated.map { $0 == measured.truncated } ?? true)
        }
    }

    static func run() -> [Outcome] {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        return TextFixture.loadTextSuite().map { fixture in
            Outcome(
                fixture: fixture,
                measured: measurer.measure(fixture.content, maxWidth: fixture.maxWidth, maxHeight: .infinity))
        }
    }

    @Test func textSuitePassRate() {
        let outcomes = Self.run()
        #expect(outcomes.count == TextFixture.textSuiteSize, "cases missing from conformance/text")
        var byCategory: [String: (passed: Int, total: Int)] = [:]
        for outcome in outcomes {
            var entry = byCategory[outcome.fixture.category] ?? (0, 0)
            entry.total += 1
            if outcome.passed { entry.passed += 1 }
            byCategory[outcome.fixture.category] = entry
        }
        for (category, entry) in byCategory.sorted(by: { $0.key < $1.key }) {
            print("conformance/text \(category): \(entry.passed)/\(entry.total)")
        }
        let verbose = ProcessInfo.processInfo.environment["WEFT_TEXT_VERBOSE"] != nil
        for outcome in outcomes where !outcome.passed {
            let f = outcome.fixture
            let m = outcome.measured
            print(
                "FAIL \(f.name): expected \(f.expectedSize.width)x\(f.expectedSize.height) lines \(f.expectedLineCount ?? -1) trunc \(f.expectedTruncated ?? false); got \(m.size.width)x\(m.size.height) lines \(m.lineCount) trunc \(m.truncated)"
            )
            if verbose {
                print("  font \(f.content.font) lh \(String(describing: f.content.lineHeight)) ls \(f.content.letterSpacing) max \(f.maxWidth)")
                for line in f.expectedLines { print("  | \(line.text.debugDescription) w \(line.width) h \(line.height)") }
                let layout = TextLayout(SanitizedText(f.content), maxWidth: f.maxWidth)
                for line in layout.lines { print("  > w \(line.width) h \(line.height)") }
            }
        }
        let passed = outcomes.filter(\.passed).count
        print("conformance/text all: \(passed)/\(outcomes.count)")
        #expect(Double(passed) >= 0.97 * Double(outcomes.count))
        let ahem = outcomes.filter { $0.fixture.category == "ahem" }
        #expect(ahem.allSatisfy { $0.passed })
    }
}
