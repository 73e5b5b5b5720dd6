import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// Behaviour the text README documents from single-case probes of Chromium
/// (Inter 20 px unless said otherwise).
@Suite struct ChromiumProbeTests {
    let measurer = WeftTextMeasurer(cache: MeasurementCache())

    func width(_ text: String, family: String = "Inter", size: Double = 20, weight: Int = 400, letterSpacing: Double = 0)
        -> Double
    {
        measurer.measure(
            TextContent(
                text: text, font: FontDescriptor(family: family, size: size, weight: weight), letterSpacing: letterSpacing),
            maxWidth: .infinity, maxHeight: .infinity
        ).size.width
    }

    /// The text of each line when wrapped at `maxWidth`.
    func lines(_ text: String, family: String = "Inter", maxWidth: Double) -> [String] {
        let units = Array(text.utf16)
        guard var fonts = FontFallbackChain(font: FontDescriptorKey(family: family, size: 20, weight: 400, italic: false))
        else { return [] }
        let shaped = ParagraphShaper(letterSpacing: 0).shape(units, fonts: &fonts)
        let ends = ICUBreaks.graphemeEnds(units)
        return LineBreaker(shaped, maxWidth: maxWidth, tabInterval16: 0).lines().map { line in
            let start = line.clusters.lowerBound == 0 ? 0 : ends[line.clusters.lowerBound - 1]
            let end = line.clusters.isEmpty ? start : ends[line.clusters.upperBound - 1]
            return String(decoding: units[start..<end], as: UTF16.self)
        }
    }

    func fontName(of text: String, family: String) -> String {
        let units = Array(text.utf16)
        guard var fonts = FontFallbackChain(font: FontDescriptorKey(family: family, size: 20, weight: 400, italic: false))
        else { return "" }
        let shaped = ParagraphShaper(letterSpacing: 0).shape(units, fonts: &fonts)
        return shaped.clusters.first.map { fonts.fonts[Int($0.fontIndex)].face.postScriptName } ?? ""
    }

    // Chromium under pre-wrap: an ideographic space hangs at a soft wrap as a
    // space does, so "日本\u{3000}" fits 32.02 px and 語 goes to the next line;
    // an em space (U+2003) does not hang, and wraps to the next line itself.
    @Test func anIdeographicSpaceHangsAtASoftWrap() {
        let measured = measurer.measure(
            TextContent(text: "日本\u{3000}語", font: FontDescriptor(family: "Noto Sans CJK JP", size: 16)),
            maxWidth: 32.02, maxHeight: .infinity)
        #expect(measured.lineCount == 2)
        // Measured in Chromium (DejaVu Sans 16 px, 0.5 px wider than "aaaa"): one line more
        // after an em space than after a space.
        let narrow = width("aaaa") + 0.5
        #expect(lines("aaaa\u{2003}bbbb", maxWidth: narrow).count == lines("aaaa bbbb", maxWidth: narrow).count + 1)
    }

    // Chromium keeps e + U+0301 in Liberation Serif, which has é but not the
    // combining acute: 26.640625 x 18 px at 16 px, as "café" precomposed.
    @Test func aDecomposedAccentStaysInAFontThatHasItsComposedCharacter() {
        func size(_ text: String) -> Size {
            measurer.measure(
                TextContent(text: text, font: FontDescriptor(family: "Liberation Serif", size: 16)),
                maxWidth: .infinity, maxHeight: .infinity
            ).size
        }
        #expect(size("cafe\u{301}") == Size(width: 26.640625, height: 18))
        #expect(size("cafe\u{301}") == size("caf\u{E9}"))
    }

    @Test func widthsOfPlainAndSpacedText() {
        #expect(width("abc") == 34.859375)
        #expect(width("abc", letterSpacing: 2) == 40.859375)
        #expect(width("abc   ") == 51.734375)
    }

    @Test func fallbackFontsKeepTheirAdvancesInBold() {
        #expect(width("नमस्ते", weight: 700) == 42.25)
        #expect(width("नमस्ते", weight: 400) == 42.25)
    }

    @Test func cjkPunctuationIsTrimmedInPairs() {
        #expect(width("。", family: "Noto Sans CJK JP") == 20)
        #expect(width("。」", family: "Noto Sans CJK JP") == 30)
        #expect(width("」（", family: "Noto Sans CJK JP") == 30)
        #expect(width("iPhoneの", family: "Noto Sans CJK JP") == 85.703125)
    }

    /// CSS Text 4's trim-adjacent pairs beyond the README's probes.
    @Test(arguments: [("「「", 30.0), ("」」", 30), ("・「", 30), ("」・", 30), ("\u{3000}「", 30), ("（）", 40), ("あ。", 40)])
    func cjkAdjacentPairs(_ pair: (String, Double)) {
        #expect(width(pair.0, family: "Noto Sans CJK JP") == pair.1)
    }

    @Test func wrapping() {
        #expect(lines("hello      world", maxWidth: 60) == ["hello      ", "world"])
        #expect(lines("https://example.com/path/to/resource", maxWidth: 120) == ["https://exam", "ple.com/pat", "h/to/resourc", "e"])
        #expect(lines("state-of-the-art", maxWidth: 70) == ["state-", "of-the-", "art"])
        #expect(lines("今日はいい天気ですね。今日はいい天気ですね。", maxWidth: 100) == ["今日はいい", "天気です", "ね。今日は", "いい天気で", "すね。"])
        #expect(lines("aaa\u{A0}bbb\u{A0}ccc  ddd", maxWidth: 80) == ["aaa\u{A0}bbb", "\u{A0}ccc  ", "ddd"])
        #expect(lines("abc\u{200B}defghi\u{200B}jkl", maxWidth: 60) == ["abc\u{200B}", "defghi\u{200B}", "jkl"])
        #expect(lines("ああああ（いい）", family: "Noto Sans CJK JP", maxWidth: 80) == ["ああああ", "（いい）"])
    }

    @Test(arguments: [
        ("ế", "Liberation Sans", "NotoSans-Regular"), ("→", "Noto Sans", "LiberationSerif"),
        ("✓", "Noto Sans", "DejaVuSans"), ("☺", "Inter", "LiberationSerif"), ("☺\u{FE0F}", "Inter", "NotoColorEmoji"),
        ("✌", "Inter", "NotoColorEmoji"), ("✌", "DejaVu Sans", "DejaVuSans"), ("❤", "Inter", "Inter-Regular"),
        ("❤\u{FE0F}", "DejaVu Sans", "NotoColorEmoji"), ("😀", "DejaVu Sans", "DejaVuSans"), ("😀", "Inter", "NotoColorEmoji"),
        ("🇫🇷", "DejaVu Sans", "NotoColorEmoji"), ("中", "Inter", "NotoSansCJKjp-Regular"), ("한", "Noto Sans", "NotoSansCJKjp-Regular"),
        ("ا", "Inter", "DejaVuSans"), ("ש", "Noto Sans", "DejaVuSans"), ("न", "Inter", "NotoSansDevanagari-Regular"),
        ("ক", "DejaVu Sans", "NotoSansBengali-Regular"), ("₹", "Liberation Serif", "NotoSans-Regular"),
        ("≈", "Noto Sans", "LiberationSerif"), ("‰", "Liberation Sans", "LiberationSans"),
    ])
    func fontFallback(_ probe: (String, String, String)) {
        #expect(fontName(of: probe.0, family: probe.1) == probe.2)
    }
}

/// The README's table of the face Chromium drew each probe character with, in
/// each Latin family, read from the README itself.
@Suite struct FallbackTableTests {
    struct Probe: Sendable, CustomTestStringConvertible {
        let text: String
        let family: String
        let face: String
        var testDescription: String { "\(text) in \(family)" }
    }

    static func probes() -> [Probe] {
        let url = TextFixture.conformanceDirectory.appendingPathComponent("text/README.md")
        guard let readme = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var families: [String] = []
        var probes: [Probe] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.first == "character" {
                families = Array(cells.dropFirst())
                continue
            }
            guard !families.isEmpty else { continue }
            guard cells.count == families.count + 1 else {
                if line.isEmpty { families = [] }
                continue
            }
            guard let sample = Self.sample(in: cells[0]) else { continue }
            for (family, face) in zip(families, cells.dropFirst()) {
                probes.append(Probe(text: sample, family: family, face: face))
            }
        }
        return probes
    }

    /// The probe text of a row label: its first word of non-ASCII characters,
    /// with VS16 when the label says so. "Latin" rows probe "a".
    static func sample(in label: String) -> String? {
        if label == "Latin" { return "a" }
        if label.hasPrefix("ZWJ family") { return "👨\u{200D}👩\u{200D}👧" }
        let words = label.split(separator: " ").map(String.init)
        guard var sample = words.first(where: { $0.unicodeScalars.contains { $0.value > 0x7F } }) else { return nil }
        if label.contains("(VS16)"), !sample.unicodeScalars.contains("\u{FE0F}") { sample += "\u{FE0F}" }
        return sample
    }

    @Test func tableIsRead() {
        #expect(Self.probes().count >= 100)
    }

    @Test(arguments: probes())
    func probe(_ probe: Probe) {
        let units = Array(probe.text.utf16)
        guard var fonts = FontFallbackChain(font: FontDescriptorKey(family: probe.family, size: 20, weight: 400, italic: false))
        else { return #expect(Bool(false)) }
        let shaped = ParagraphShaper(letterSpacing: 0).shape(units, fonts: &fonts)
        let face = shaped.clusters.first.map { fonts.fonts[Int($0.fontIndex)].face.postScriptName }
        #expect(face == probe.face)
    }
}

/// Control characters and the line and paragraph separators, as headless
/// Chromium draws them under the text suite's CSS (`pre-wrap`), one line each.
@Suite struct ControlCharacterTests {
    let measurer = WeftTextMeasurer(cache: MeasurementCache())

    func size(_ text: String, _ family: String, _ size: Double, letterSpacing: Double = 0) -> Size {
        measurer.measure(
            TextContent(text: text, font: FontDescriptor(family: family, size: size), letterSpacing: letterSpacing),
            maxWidth: .infinity, maxHeight: .infinity
        ).size
    }

    /// A C0 control (not tab, line feed, form feed or carriage return) is a
    /// visible glyph: the primary font's .notdef (1 em in Ahem, 0.6 em in
    /// DejaVu Sans), letter-spaced like a letter, with no fallback font.
    @Test func aC0ControlTakesThePrimaryFontsNotdef() {
        #expect(size("x\u{1F}y", "Ahem", 10) == Size(width: 30, height: 10))
        #expect(size("a\u{01}b", "Ahem", 10, letterSpacing: 3) == Size(width: 39, height: 10))
        #expect(size("\u{01}", "DejaVu Sans", 16) == Size(width: 9.609375, height: 19))
        #expect(size("a\u{01}\u{02}b", "Liberation Sans", 16) == Size(width: 29.484375, height: 18))
        // A vertical tab is such a control, not a break.
        #expect(size("ab\u{0B}cd", "Ahem", 10) == Size(width: 50, height: 10))
        // A form feed and a carriage return stay invisible.
        #expect(size("a\u{0C}b", "Ahem", 10) == Size(width: 20, height: 10))
        #expect(size("a\rb", "Ahem", 10) == Size(width: 20, height: 10))
    }

    /// U+2028 and U+2029 are characters of the primary font: its space's
    /// advance where it has no glyph (Ahem, Liberation Sans), its own glyph
    /// where it has one (DejaVu Sans, zero wide); never a fallback font, never a break.
    @Test func aSeparatorTakesThePrimaryFontsSpaceWhereItHasNoGlyph() {
        #expect(size("ab\u{2028}cd", "Ahem", 10) == Size(width: 50, height: 10))
        #expect(size("ab\u{2029}cd", "Ahem", 10, letterSpacing: 3) == Size(width: 65, height: 10))
        #expect(size("ab\u{2028}cd", "Liberation Sans", 16) == Size(width: 39.140625, height: 18))
        #expect(size("ab\u{2028}cd", "Liberation Sans", 16) == size("ab cd", "Liberation Sans", 16))
        #expect(size("ab\u{2028}cd", "DejaVu Sans", 16) == size("abcd", "DejaVu Sans", 16))
    }

    /// DEL and the C1 controls draw nothing, in the font fallback picks for
    /// them (Noto Sans Symbols2 here), whose line is taller.
    @Test func delAndC1ControlsRaiseTheLineToTheirFallbackFont() {
        #expect(size("a\u{7F}b", "Ahem", 10) == Size(width: 20, height: 17))
        #expect(size("ab\u{85}cd", "Liberation Sans", 16) == Size(width: 34.703125, height: 27))
        #expect(size("a\u{9F}b", "DejaVu Sans", 16) == Size(width: 19.96875, height: 27))
    }
}

@Suite struct LineBreakStrictnessTests {
    /// `line-break: auto` breaks before small kana, like ICU's normal rules.
    @Test func breaksBeforeSmallKana() {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let content = TextContent(text: "ちょっと待って", font: FontDescriptor(family: "Noto Sans CJK JP", size: 20))
        let m = measurer.measure(content, maxWidth: 100, maxHeight: .infinity)
        // ちょっと待 | って (strict rules would give ちょっと | 待って, 80 px wide).
        #expect(m.lineCount == 2)
        #expect(m.size.width == 100)
    }
}
