import Testing
import WeftLayout

@testable import WeftText

/// Text never crashes the process, whatever it is given.
@Suite struct RobustnessTests {
    let measurer = WeftTextMeasurer(cache: MeasurementCache())

    @Test(arguments: [
        "", "\n\n\n", "\u{0}\u{1}\u{7}\u{1B}[31m\u{7F}\u{85}", "\t\tx\ty", "\u{FFFD}\u{FFFF}\u{10FFFF}",
        "\u{200D}\u{FE0F}\u{20E3}", "a\u{301}\u{301}\u{301}\u{301}", "\u{202E}rtl override\u{202C}",
        String(repeating: "👨‍👩‍👧‍👦", count: 50), "\r\n\r\n",
    ])
    func oddTextsMeasure(_ text: String) {
        let m = measurer.measure(TextContent(text: text, font: FontDescriptor(family: "Inter")), maxWidth: 50, maxHeight: .infinity)
        #expect(m.size.width.isFinite && m.size.height.isFinite)
        #expect(m.size.width >= 0 && m.size.height >= 0)
    }

    /// Every span keeps its own font, however many distinct styles come
    /// before it (the service allows 10,000 spans).
    @Test func theLastOfThousandsOfDistinctSpanStylesKeepsItsFont() {
        var spans = (0..<5000).map { i in TextSpan(text: "a", font: FontDescriptor(size: 10 + Double(i) / 1000)) }
        spans.append(TextSpan(text: "\nBIG", font: FontDescriptor(size: 100)))
        let content = TextContent(text: spans.map(\.text).joined(), spans: spans)
        let m = measurer.measure(content, maxWidth: .infinity, maxHeight: .infinity)
        #expect(m.lineCount == 2)
        #expect(m.size.height > 100, "the last line is as tall as its 100-point span")
    }

    @Test func invalidSurrogatesAreReplacedNotFatal() {
        let broken = String(decoding: [0xD800, 0x41, 0xDC00] as [UInt16], as: UTF16.self)
        let m = measurer.measure(TextContent(text: broken), maxWidth: .infinity, maxHeight: .infinity)
        #expect(m.lineCount == 1)
    }

    @Test(arguments: [0.0, -10, -.infinity, .nan, 1e300, .infinity])
    func oddWidths(_ width: Double) {
        let m = measurer.measure(TextContent(text: "hello world"), maxWidth: width, maxHeight: .infinity)
        #expect(m.lineCount >= 1)
        #expect(m.size.width.isFinite)
    }

    @Test(arguments: [0.0, -5, .nan, .infinity, 1e9, 0.001])
    func oddFontSizes(_ size: Double) {
        let m = measurer.measure(
            TextContent(text: "Hello", font: FontDescriptor(family: "Noto Sans", size: size), lineHeight: .nan,
                letterSpacing: -.infinity),
            maxWidth: 100, maxHeight: .infinity)
        #expect(m.size.width.isFinite && m.size.height.isFinite)
    }

    @Test func unknownFamilyFallsBackLikeFontconfig() {
        let m = measurer.measure(
            TextContent(text: "Hello", font: FontDescriptor(family: "No Such Family 42")), maxWidth: .infinity,
            maxHeight: .infinity)
        #expect(m.size.width > 0)
        let resolution = FontCatalog.resolve(family: "No Such Family 42")
        #expect(resolution?.isFallback == true)
    }

    @Test func textBeyondOneMebibyteIsCutThereAndReported() {
        let chunk = "lorem ipsum dolor sit amet "
        let big = String(repeating: chunk, count: (1 << 20) / chunk.utf8.count + 10)
        // One measurement of a whole mebibyte (it is slow in debug builds).
        let cut = measurer.measure(TextContent(text: big), maxWidth: 800, maxHeight: .infinity)
        #expect(cut.truncated)
        #expect(cut.lineCount > 1000)
        let cutText = SanitizedText(TextContent(text: big + "é"))
        #expect(cutText.text.utf8.count <= SanitizedText.maxTextBytes)
        #expect(cutText.wasCut)
        #expect(!SanitizedText(TextContent(text: chunk)).wasCut)
    }
}
