import Testing
import WeftLayout

@testable import WeftText

/// Spaces that end a paragraph are drawn in full by the browser, past the width
/// the text was given: the last line counts them all, not just up to that
/// width. The text node itself is clamped into its range, as every leaf is.
@Suite struct HangingEndSpacesRegressionTests {
    static let font = FontDescriptor(family: "Inter", size: 24, weight: 700)

    @Test(arguments: ["and trailing      ", "and trailing      \nx"])
    func spacesEndingAParagraphCountPastTheWidth(_ text: String) {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let firstParagraph = String(text.prefix { $0 != "\n" })
        let content = TextContent(text: text, font: Self.font)
        let unbounded = measurer.measure(TextContent(text: firstParagraph, font: Self.font), maxWidth: .infinity, maxHeight: .infinity)
        let words = measurer.measure(
            TextContent(text: firstParagraph.trimmingSuffixSpaces, font: Self.font), maxWidth: .infinity, maxHeight: .infinity)
        // A width the words fit in but their spaces do not.
        let maxWidth = (words.size.width + unbounded.size.width) / 2
        #expect(words.size.width < maxWidth && maxWidth < unbounded.size.width)

        let measured = measurer.measure(content, maxWidth: maxWidth, maxHeight: .infinity)
        #expect(measured.lines.first?.frame.width == unbounded.size.width)
        #expect(measured.lines.first?.end == firstParagraph.utf16.count)
        #expect(measured.size.width == unbounded.size.width)

        var withLines = content
        withLines.reportsLines = true
        let context = LayoutContext(pointScale: 0, textMeasurer: measurer)
        let range = SizeRange(min: .zero, max: Size(width: maxWidth, height: .infinity))
        let node = LayoutEngine.layout(Element(.text(withLines)), in: range, context: context)
        #expect(node.frame.size.width == maxWidth)
        #expect(node.textDetails?.lines?.first?.frame.width == unbounded.size.width)
    }

    @Test func spacesAtASoftWrapStillHang() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let words = measurer.measure(TextContent(text: "and", font: Self.font), maxWidth: .infinity, maxHeight: .infinity)
        let measured = measurer.measure(
            TextContent(text: "and      and", font: Self.font), maxWidth: words.size.width + 1, maxHeight: .infinity)
        #expect(measured.lines.count == 2)
        #expect(measured.lines.first?.frame.width == words.size.width)
    }
}

extension String {
    fileprivate var trimmingSuffixSpaces: String {
        var result = self
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
