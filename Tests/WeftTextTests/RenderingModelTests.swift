import Testing
import WeftLayout

@testable import WeftText

/// The rendering model of conformance/text/README.md, checked on Ahem, whose
/// every glyph is exactly 1 em wide with ascent 0.8 em and descent 0.2 em.
@Suite struct RenderingModelTests {
    let measurer = WeftTextMeasurer(cache: MeasurementCache())

    func ahem(_ text: String, size: Double = 10, lineHeight: Double? = nil, maxLines: Int = 0, letterSpacing: Double = 0)
        -> TextContent
    {
        TextContent(
            text: text, font: FontDescriptor(family: "Ahem", size: size), lineHeight: lineHeight, maxLines: maxLines,
            letterSpacing: letterSpacing)
    }

    @Test func emptyTextIsZeroByZero() {
        let m = measurer.measure(ahem(""), maxWidth: 100, maxHeight: .infinity)
        #expect(m.size == .zero)
        #expect(m.lineCount == 0)
    }

    @Test func finalLineFeedDoesNotOpenALine() {
        #expect(measurer.measure(ahem("abc\n"), maxWidth: .infinity, maxHeight: .infinity).lineCount == 1)
        #expect(measurer.measure(ahem("abc\n\n"), maxWidth: .infinity, maxHeight: .infinity).lineCount == 2)
        let lineFeedOnly = measurer.measure(ahem("\n"), maxWidth: .infinity, maxHeight: .infinity)
        #expect(lineFeedOnly.lineCount == 1)
        #expect(lineFeedOnly.size == Size(width: 0, height: 10))
    }

    @Test func glyphAdvancesAreFreeTypeScaledAndRoundedUpToLayoutUnits() {
        // 3 x 13.0000153 px = 39.0000458, rounded up to 1/64 px.
        #expect(measurer.measure(ahem("XXX", size: 13), maxWidth: .infinity, maxHeight: .infinity).size.width == 39.015625)
        #expect(measurer.measure(ahem("XXX", size: 26), maxWidth: .infinity, maxHeight: .infinity).size.width == 78.015625)
    }

    @Test func trailingSpacesCountButHangAtASoftWrap() {
        let trailing = measurer.measure(ahem("ab  "), maxWidth: .infinity, maxHeight: .infinity)
        #expect(trailing.size.width == 40)
        // "ab   " hangs at the wrap; the widest line is "cd" or "ab" (20 px).
        let wrapped = measurer.measure(ahem("ab   cd"), maxWidth: 30, maxHeight: .infinity)
        #expect(wrapped.lineCount == 2)
        #expect(wrapped.size.width == 20)
    }

    @Test func longWordsBreakAnywhere() {
        let m = measurer.measure(ahem("XXXXXXXXXX"), maxWidth: 35, maxHeight: .infinity)
        #expect(m.lineCount == 4)
        #expect(m.size == Size(width: 30, height: 40))
    }

    @Test func normalLineHeightIsRoundedAscentPlusDescent() {
        let m = measurer.measure(ahem("X", size: 16), maxWidth: .infinity, maxHeight: .infinity)
        #expect(m.size.height == 16)
        #expect(m.firstBaseline == 13)  // 12.8 rounds to 13
    }

    @Test func fixedLineHeightMakesEveryLineThatTall() {
        let m = measurer.measure(ahem("a\nb\nc", lineHeight: 17.5), maxWidth: .infinity, maxHeight: .infinity)
        #expect(m.size.height == 52.5)
        #expect(m.lineCount == 3)
        // Half-leading (17.5 - 10) / 2 floored to 3 above Ahem's 8 px ascent.
        #expect(m.firstBaseline == 11)
        #expect(m.lastBaseline == 35 + 11)
    }

    // Chromium's 1/64 px layout units, rounded to the nearest: forty lines of
    // 30.1 px are 1203.75 px, of 30.12 px 1205 px (both measured in Chromium).
    @Test(arguments: [(30.1, 1203.75), (30.12, 1205.0), (17.31, 692.5)])
    func aFixedLineHeightIsInLayoutUnits(lineHeight: Double, fortyLines: Double) {
        let text = Array(repeating: "a", count: 40).joined(separator: "\n")
        let m = measurer.measure(ahem(text, size: 16, lineHeight: lineHeight), maxWidth: .infinity, maxHeight: .infinity)
        #expect(m.lineCount == 40)
        #expect(m.size.height == fortyLines)
    }

    @Test func letterSpacingFollowsEveryCharacter() {
        let m = measurer.measure(ahem("abc", letterSpacing: 2), maxWidth: .infinity, maxHeight: .infinity)
        #expect(m.size.width == 36)
    }

    @Test func maxLinesKeepsTheFirstLinesAndReportsTruncation() {
        let m = measurer.measure(ahem("aaa bb c", maxLines: 2), maxWidth: 35, maxHeight: .infinity)
        #expect(m.lineCount == 2)
        #expect(m.truncated)
        #expect(m.size == Size(width: 30, height: 20))
        let fits = measurer.measure(ahem("aaa", maxLines: 2), maxWidth: 35, maxHeight: .infinity)
        #expect(!fits.truncated)
    }

    @Test func finiteHeightCutsLinesOff() {
        let m = measurer.measure(ahem("a\nb\nc"), maxWidth: .infinity, maxHeight: 25)
        #expect(m.lineCount == 2)
        #expect(m.truncated)
    }

    @Test func noBreakAtNoBreakSpaceButAfterZeroWidthSpace() {
        let nbsp = measurer.measure(ahem("aa\u{00A0}bb"), maxWidth: 45, maxHeight: .infinity)
        #expect(nbsp.size.width == 40)  // broken by overflow after "aa bb"[0..<4]
        // The zero width space takes no room, so "aa" + "bb" would fit in 45 px: use 35.
        let zwsp = measurer.measure(ahem("aa\u{200B}bb"), maxWidth: 35, maxHeight: .infinity)
        #expect(zwsp.lineCount == 2)
        #expect(zwsp.size.width == 20)
    }

    @Test func hyphenIsABreakOpportunityAndSlashIsNot() {
        let hyphen = measurer.measure(ahem("ab-cd"), maxWidth: 45, maxHeight: .infinity)
        #expect(hyphen.size.width == 30)  // "ab-" | "cd"
        let slash = measurer.measure(ahem("ab/cd"), maxWidth: 45, maxHeight: .infinity)
        #expect(slash.size.width == 40)  // overflow break: "ab/c" | "d"
    }
}

@Suite struct SoftHyphenTests {
    @Test func softHyphenIsInvisibleUnlessALineBreaksAfterIt() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let text = TextContent(text: "aaa\u{AD}bbb", font: FontDescriptor(family: "Ahem", size: 10))
        let oneLine = measurer.measure(text, maxWidth: .infinity, maxHeight: .infinity)
        #expect(oneLine.size.width == 60)
        // Broken after the soft hyphen: "aaa-" (Ahem's hyphen is 1 em) and "bbb".
        let wrapped = measurer.measure(text, maxWidth: 45, maxHeight: .infinity)
        #expect(wrapped.lineCount == 2)
        #expect(wrapped.size.width == 40)
    }
}

@Suite struct TextSegmentationTests {
    @Test func paragraphsCutClustersThatCrossALineFeed() {
        let units = Array("a\r\nbc".utf16)
        let whole = TextSegmentation(units)
        #expect(whole.graphemeEnds == [1, 3, 4, 5])
        let first = whole.paragraph(0..<2)
        #expect(first.graphemeEnds == [1, 2])
        #expect(first.breakOpportunities.count == 3)
        let second = whole.paragraph(3..<5)
        #expect(second.graphemeEnds == [1, 2])
        #expect(second.bidiLevels == [0, 0])
        #expect(whole.paragraph(5..<5).graphemeEnds.isEmpty)
    }
}

@Suite struct LigatureBreakTests {
    /// Broken inside a ligature by overflow-wrap, each side measures about as its
    /// own letters do, not the whole ligature on the first line.
    @Test func overflowBreakInsideALigature() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let font = FontDescriptor(family: "DejaVu Sans", size: 40)
        func oneLine(_ text: String) -> Double {
            measurer.measure(TextContent(text: text, font: font), maxWidth: .infinity, maxHeight: .infinity).size.width
        }
        let f = oneLine("f")
        let i = oneLine("i")
        let broken = measurer.measure(TextContent(text: "fi", font: font), maxWidth: f + 1, maxHeight: .infinity)
        #expect(broken.lineCount == 2)
        #expect(abs(broken.size.width - f) <= 0.5)
        #expect(i > 5)
    }
}
