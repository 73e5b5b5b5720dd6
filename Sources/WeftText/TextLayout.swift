/// A whole text laid out in lines: the measuring core, without caching.
struct TextLayout {
    struct Line {
        var width: Double
        var height: Double
        var baseline: Double
    }

    var lines: [Line]

    /// Lays out `content` with `maxWidth` (may be infinite). The text is split at
    /// line feeds (a final line feed does not open a new line); each paragraph
    /// wraps on its own.
    init(_ content: SanitizedText, maxWidth: Double) {
        lines = []
        guard !content.text.isEmpty, var fonts = FontFallbackChain(font: content.font) else { return }
        let shaper = ParagraphShaper(letterSpacing: content.letterSpacing)
        let heights = LineHeights(fixedLineHeight: content.lineHeight)
        // `tab-size: 8` spaces, and the hyphen a soft hyphen turns into at a break:
        // only worth shaping when the text has tabs or soft hyphens.
        var tabInterval16: Int64 = 0
        if content.text.utf16.contains(0x09) {
            tabInterval16 = 8 * (shaper.shape([0x20], fonts: &fonts).clusters.first?.advance ?? 0)
        }
        var hyphenAdvance16: Int64 = 0
        if content.text.utf16.contains(0xAD) {
            let hyphen: UInt16 = fonts.primary.face.hasGlyph(for: 0x2010) ? 0x2010 : 0x2D
            hyphenAdvance16 = shaper.shape([hyphen], fonts: &fonts).clusters.first?.advance ?? 0
        }

        let units = Array(content.text.utf16)
        let segmentation = TextSegmentation(units)
        var paragraphs = units.indices.split(omittingEmptySubsequences: false) { units[$0] == 0x0A }
        if units.last == 0x0A { paragraphs.removeLast() }
        for paragraph in paragraphs {
            let range = paragraph.startIndex..<paragraph.endIndex
            let shaped = shaper.shape(
                Array(units[range]), segmentation: segmentation.paragraph(range), fonts: &fonts)
            for line in LineBreaker(
                shaped, maxWidth: maxWidth, tabInterval16: tabInterval16, hyphenAdvance16: hyphenAdvance16,
                breaksLongWords: content.breaksLongWords
            ).lines() {
                var used = Set<Int>()
                for index in line.clusters where shaped.clusters[index].kind == .text {
                    used.insert(Int(shaped.clusters[index].fontIndex))
                }
                let box = heights.box(for: used, fonts: fonts.fonts)
                lines.append(Line(width: line.width, height: box.height, baseline: box.baseline))
            }
        }
    }
}
