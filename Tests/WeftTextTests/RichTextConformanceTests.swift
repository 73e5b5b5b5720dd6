import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// Runs conformance/rich-text (spans, truncation, alignment, line boxes, as
/// Chromium measured them) through WeftLayout's engine with WeftText, as
/// `POST /v1/layout/node` lays a root text out, and prints the pass count per category.
@Suite struct RichTextConformanceTests {
    struct Outcome {
        let fixture: RichTextFixture
        let node: LayoutNode
        var problems: [String] {
            let f = fixture
            var found: [String] = []
            let size = node.frame.size
            if abs(size.width - f.expectedSize.width) > f.tolerance || abs(size.height - f.expectedSize.height) > f.tolerance {
                found.append("size \(size.width)x\(size.height), expected \(f.expectedSize.width)x\(f.expectedSize.height)")
            }
            if node.lineCount != f.expectedLineCount { found.append("lineCount \(node.lineCount ?? -1), expected \(f.expectedLineCount)") }
            if node.truncated != f.expectedTruncated { found.append("truncated \(node.truncated ?? false)") }
            let lines = node.textDetails?.lines ?? []
            if lines.count != f.expectedLines.count {
                found.append("\(lines.count) line boxes, expected \(f.expectedLines.count)")
            } else {
                for (index, (line, expected)) in zip(lines, f.expectedLines).enumerated() {
                    let a = line.frame
                    let b = expected.frame
                    if abs(a.x - b.x) > f.tolerance || abs(a.y - b.y) > f.tolerance
                        || abs(a.width - b.width) > f.tolerance || abs(a.height - b.height) > f.tolerance
                    {
                        found.append("line \(index) frame \(a), expected \(b)")
                    }
                    if line.start != expected.start || line.end != expected.end {
                        found.append("line \(index) range \(line.start)..<\(line.end), expected \(expected.start)..<\(expected.end)")
                    }
                }
            }
            return found
        }
    }

    @Test func richTextSuite() {
        let context = LayoutContext(pointScale: 0, textMeasurer: WeftTextMeasurer(cache: MeasurementCache()))
        let fixtures = RichTextFixture.loadSuite()
        #expect(fixtures.count >= 300, "fixtures missing from conformance/rich-text")
        let outcomes = fixtures.map { fixture in
            let range = SizeRange(min: .zero, max: Size(width: fixture.maxWidth, height: .infinity))
            return Outcome(
                fixture: fixture,
                node: LayoutEngine.layout(Element(.text(fixture.content), id: "root"), in: range, context: context))
        }
        var byCategory: [String: (passed: Int, total: Int)] = [:]
        for outcome in outcomes {
            var entry = byCategory[outcome.fixture.category] ?? (0, 0)
            entry.total += 1
            if outcome.problems.isEmpty { entry.passed += 1 }
            byCategory[outcome.fixture.category] = entry
        }
        for (category, entry) in byCategory.sorted(by: { $0.key < $1.key }) {
            print("conformance/rich-text \(category): \(entry.passed)/\(entry.total)")
        }
        for outcome in outcomes where !outcome.problems.isEmpty {
            print("FAIL \(outcome.fixture.name): \(outcome.problems.joined(separator: "; "))")
        }
        let passed = outcomes.filter { $0.problems.isEmpty }.count
        print("conformance/rich-text all: \(passed)/\(outcomes.count)")
        #expect(outcomes.filter { !$0.problems.isEmpty }.map(\.fixture.name) == [])
    }

    /// Spans of one style measure exactly as the same text without spans.
    @Test func spansOfOneStyleMeasureAsPlainText() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let font = FontDescriptor(family: "Liberation Serif", size: 17)
        let text = "Weft measures every span of a paragraph as one run of text."
        let plain = measurer.measure(TextContent(text: text, font: font), maxWidth: 150, maxHeight: .infinity)
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let spans = words.enumerated().map { index, word in
            TextSpan(text: word + (index + 1 < words.count ? " " : ""), font: font)
        }
        let split = measurer.measure(TextContent(spans: spans, font: font), maxWidth: 150, maxHeight: .infinity)
        #expect(split.size == plain.size)
        #expect(split.lines.map(\.end) == plain.lines.map(\.end))
    }
}
