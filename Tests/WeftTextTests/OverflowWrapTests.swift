import Testing
import WeftLayout

@testable import WeftText

/// `overflowWrap`: what a line does with a word wider than itself, and which
/// rule a text element gets where it says nothing. Ahem: every glyph 1 em wide.
@Suite struct OverflowWrapTests {
    let measurer = WeftTextMeasurer(cache: MeasurementCache())

    func ahem(_ text: String, _ wrap: OverflowWrap?) -> TextContent {
        TextContent(text: text, font: FontDescriptor(family: "Ahem", size: 10), lineHeight: 10, overflowWrap: wrap)
    }

    @Test func normalLetsALongWordOverflowItsOwnLine() {
        let m = measurer.measure(ahem("ab XXXXXXX cd", .normal), maxWidth: 35, maxHeight: .infinity)
        // "ab " / "XXXXXXX " / "cd": the long word's line is as wide as the word.
        #expect(m.lineCount == 3)
        #expect(m.size == Size(width: 70, height: 30))
    }

    @Test func anywhereAndBreakWordBreakTheLongWord() {
        for wrap in [OverflowWrap.anywhere, .breakWord] {
            let m = measurer.measure(ahem("ab XXXXXXX cd", wrap), maxWidth: 35, maxHeight: .infinity)
            // "ab " / "XXX" / "XXX" / "X " / "cd"
            #expect(m.lineCount == 5, "\(wrap)")
            #expect(m.size == Size(width: 30, height: 50), "\(wrap)")
        }
    }

    @Test func normalStillWrapsWordsThatFit() {
        let m = measurer.measure(ahem("ab cd ef", .normal), maxWidth: 55, maxHeight: .infinity)
        #expect(m.lineCount == 2)
        #expect(m.size.width == 50)
    }

    @Test func aLongLastWordOverflowsToTheEndOfTheParagraph() {
        let m = measurer.measure(ahem("ab XXXXXX\nc", .normal), maxWidth: 25, maxHeight: .infinity)
        #expect(m.lineCount == 3)
        #expect(m.size.width == 60)
    }

    @Test func unsetIsTheTextSuiteModelOutsideFlex() {
        let unset = measurer.measure(ahem("XXXXXXX", nil), maxWidth: 35, maxHeight: .infinity)
        let anywhere = measurer.measure(ahem("XXXXXXX", .anywhere), maxWidth: 35, maxHeight: .infinity)
        #expect(unset == anywhere)
        #expect(unset.lineCount == 3)
    }

    /// Through the engine: a flex item's unset text overflows; an explicit rule wins;
    /// a text root keeps the text suite's model.
    @Test func aFlexItemWrapsByCSSInitialValues() throws {
        let context = LayoutContext(pointScale: 1, textMeasurer: measurer)
        func column(_ wrap: OverflowWrap?) -> Element {
            var style = Style()
            style.width = .points(40)
            return Element(.flex, id: "root", style: style, children: [Element(.text(ahem("ab XXXXXXX", wrap)), id: "t")])
        }
        let range = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
        let unset = LayoutEngine.layout(column(nil), in: range, context: context)
        #expect(unset.children.first?.lineCount == 2)
        let anywhere = LayoutEngine.layout(column(.anywhere), in: range, context: context)
        #expect(anywhere.children.first?.lineCount == 3)
        let root = LayoutEngine.layout(Element(.text(ahem("ab XXXXXXX", nil))), in: SizeRange(min: .zero, max: Size(width: 40, height: .infinity)), context: context)
        #expect(root.lineCount == 3)
    }

    /// `break-word` breaks at layout but, like `normal`, not for the min-content
    /// width: a row item cannot shrink below its longest word.
    @Test func breakWordKeepsTheLongestWordAsMinContent() throws {
        let context = LayoutContext(pointScale: 1, textMeasurer: measurer)
        func row(_ wrap: OverflowWrap) -> Element {
            var style = Style()
            style.width = .points(30)
            style.flexDirection = .row
            var item = Style()
            item.flexShrink = 1
            return Element(.flex, id: "root", style: style, children: [
                Element(.text(ahem("XXXXXX", wrap)), id: "t", style: item)
            ])
        }
        let range = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
        let breakWord = LayoutEngine.layout(row(.breakWord), in: range, context: context)
        #expect(breakWord.children.first?.frame.size.width == 60)
        let anywhere = LayoutEngine.layout(row(.anywhere), in: range, context: context)
        #expect(anywhere.children.first?.frame.size.width == 30)
    }
}
