import Testing
import WeftLayout

@testable import WeftText

/// Tabs as Chromium lays them out under `white-space: pre-wrap`: preserved
/// white space that hangs at the end of a line instead of wrapping onto a line
/// of its own, and a stop less than half a space away is skipped for the next.
@Suite struct TabRegressionTests {
    static let font = FontDescriptor(family: "Ahem", size: 10)
    let measurer = WeftTextMeasurer(cache: MeasurementCache())

    func measure(_ content: TextContent, _ maxWidth: Double = .infinity) -> TextMeasurement {
        measurer.measure(content, maxWidth: maxWidth, maxHeight: .infinity)
    }

    func width(_ text: String) -> Double { measure(TextContent(text: text, font: Self.font)).size.width }

    @Test func aTabAtASoftWrapHangs() {
        let measured = measure(TextContent(text: "ab\tcd", font: Self.font), width("ab\t") - 1)
        #expect(measured.lines.map(\.end) == [3, 5])
        #expect(measured.lines.first?.frame.width == width("ab"))
    }

    @Test func tabsEndingAParagraphStayOnItsLine() {
        let text = "ab\t\t\t"
        let measured = measure(TextContent(text: text, font: Self.font), width("ab") + 1)
        #expect(measured.lines.count == 1)
        #expect(measured.lines.first?.frame.width == width(text))
    }

    /// Ahem's space is 10 px at 10 px, so the stops are 80 px apart; a prefix
    /// ending 3 px before a stop tabs on to the stop after it, one ending 6 px
    /// before does not.
    @Test(arguments: [(7.0, true), (4.0, false)])
    func aStopCloserThanHalfASpaceIsSkipped(lastSize: Double, skips: Bool) {
        var small = Self.font
        small.size = lastSize
        let prefix = [TextSpan(text: "XXXXXXX", font: Self.font), TextSpan(text: "X", font: small)]
        let before = measure(TextContent(spans: prefix, font: Self.font)).size.width
        let interval = 8 * width(" ")
        let stop = (before / interval).rounded(.up) * interval
        #expect((stop - before < width(" ") / 2) == skips)
        let after = measure(TextContent(spans: prefix + [TextSpan(text: "\tY", font: Self.font)], font: Self.font)).size.width
        #expect(after == stop + (skips ? interval : 0) + width("Y"))
    }
}
