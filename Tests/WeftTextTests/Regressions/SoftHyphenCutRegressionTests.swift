import Testing
import WeftLayout

@testable import WeftText

/// A word cut because it is too long for the line (`overflow-wrap: anywhere`,
/// the text suite's CSS) is never cut just before a soft hyphen, and after one
/// only where the hyphen it then shows fits: the cut showed a hyphen past the
/// width. Lines as headless Chromium 156 breaks the same text in Ahem 10 px
/// (each letter 10 wide, the hyphen 10).
@Suite struct SoftHyphenCutRegressionTests {
    @Test(arguments: [
        ("ab\u{AD}cd", 25.0, [10.0, 20, 20]),
        ("ab\u{AD}cd", 30, [30, 20]),
        ("abcd\u{AD}ef", 45, [30, 30]),
        ("abc\u{AD}defgh", 45, [40, 40, 10]),
        ("extra\u{AD}ordinary", 55, [40, 20, 50, 30]),
        ("ab\u{AD}cd ef", 25, [10, 20, 20, 20]),
    ])
    func aCutBesideASoftHyphenKeepsItsHyphenInTheWidth(text: String, width: Double, lines: [Double]) {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        var content = TextContent(text: text, font: FontDescriptor(family: "Ahem", size: 10))
        content.reportsLines = true
        let measured = measurer.measure(content, maxWidth: width, maxHeight: .infinity)
        #expect(measured.lines.map(\.frame.width) == lines)
        #expect(measured.lines.allSatisfy { $0.frame.width <= width })
    }
}
