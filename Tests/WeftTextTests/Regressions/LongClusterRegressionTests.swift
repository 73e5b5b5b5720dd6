import Testing
import WeftLayout

@testable import WeftText

/// One grapheme cluster of thousands of scalars (a letter under a pile of
/// combining marks, an endless joiner sequence) is measured as its first 30
/// scalars: shaping such a cluster whole costs time quadratic in its length.
@Suite struct LongClusterRegressionTests {
    @Test(arguments: [
        "a" + String(repeating: "\u{301}", count: 20_000),
        String(repeating: "\u{1F468}\u{200D}", count: 5_000),
        String(repeating: "\u{1100}", count: 20_000),
    ])
    func aHugeClusterIsMeasuredAsItsFirstScalars(_ text: String) {
        let sanitized = SanitizedText(TextContent(text: text))
        let clusters = Array(sanitized.text)
        #expect(clusters.count == 1)
        #expect(clusters.allSatisfy { $0.unicodeScalars.count <= ClusterLengthCap.maxScalars })
        let capped = String(String.UnicodeScalarView(text.unicodeScalars.prefix(ClusterLengthCap.maxScalars)))
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let whole = measurer.measure(TextContent(text: text), maxWidth: 300, maxHeight: .infinity)
        let prefix = measurer.measure(TextContent(text: capped), maxWidth: 300, maxHeight: .infinity)
        #expect(whole.size == prefix.size)
    }

    @Test(arguments: ["plain ASCII", "e\u{301}t\u{E9} caf\u{E9}", "👨‍👩‍👧‍👦 family", "ちょっと待って", "a" + String(repeating: "\u{301}", count: 29)])
    func ordinaryTextIsUnchanged(_ text: String) {
        #expect(SanitizedText(TextContent(text: text)).text == text)
    }
}
