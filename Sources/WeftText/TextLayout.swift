/// A whole text laid out in lines: the measuring core, without caching.
struct TextLayout {
    struct Line {
        var width: Double
        var height: Double
        var baseline: Double
        /// The line's UTF-16 range in the text; the line feed ending it is not part of it.
        var start: Int
        var end: Int
    }

    var lines: [Line]
    /// The paragraph direction (`baseDirection`, `auto` resolved from the first strong character).
    let isRightToLeft: Bool

    /// Lays out `content` with `maxWidth` (may be infinite). The text is split at
    /// line feeds (a final line feed does not open a new line); each paragraph
    /// wraps on its own.
    init(_ content: SanitizedText, maxWidth: Double) {
        lines = []
        let units = Array(content.text.utf16)
        switch content.baseDirection {
        case .ltr: isRightToLeft = false
        case .rtl: isRightToLeft = true
        case .auto: isRightToLeft = ICUBreaks.startsRightToLeft(units)
        }
        guard !units.isEmpty else { return }
        // Style 0 is the element's own (its strut counts on every line), then each span style.
        var styles = [content.elementStyle]
        var indexOfStyle = [content.elementStyle: Int16(0)]
        func index(of style: StyleRun.Style) -> Int16 {
            if let known = indexOfStyle[style] { return known }
            // Past the cap, spans fall back to the element's style.
            guard styles.count < SanitizedText.maxStyles else { return 0 }
            indexOfStyle[style] = Int16(styles.count)
            styles.append(style)
            return Int16(styles.count - 1)
        }
        let runStyles = content.runs.map { index(of: $0.style) }
        let emptySpanStyles = content.emptySpans.map { (offset: $0.offset, style: index(of: $0.style)) }
        var chains: [FontFallbackChain] = []
        for style in styles {
            guard let chain = FontFallbackChain(font: style.font) else { return }
            chains.append(chain)
        }
        let shaper = ParagraphShaper(letterSpacings: styles.map(\.letterSpacing))
        // Chromium keeps a line height in layout units, 1/64 px, rounded to the
        // nearest: 30.1 lays out as 30.09375, and forty lines add up to that.
        let heights = LineHeights(fixedLineHeight: content.lineHeight.map { ($0 * 64).rounded() / 64 })
        // `tab-size: 8` spaces, and the hyphen a soft hyphen turns into at a break:
        // only worth shaping when the text has tabs or soft hyphens.
        var tabInterval16: Int64 = 0
        if units.contains(0x09) {
            tabInterval16 = 8 * (shaper.shape([0x20], fonts: &chains[0]).clusters.first?.advance ?? 0)
        }
        var hyphenAdvance16: Int64 = 0
        if units.contains(0xAD) {
            let hyphen: UInt16 = chains[0].primary.face.hasGlyph(for: 0x2010) ? 0x2010 : 0x2D
            hyphenAdvance16 = shaper.shape([hyphen], fonts: &chains[0]).clusters.first?.advance ?? 0
        }

        // Where each style ends in the whole text.
        var boundaries: [StyleBoundary] = []
        var end = 0
        for (run, style) in zip(content.runs, runStyles) {
            end += run.length
            boundaries.append(StyleBoundary(end: end, style: style))
        }
        if boundaries.isEmpty { boundaries = [StyleBoundary(end: units.count, style: 0)] }

        let segmentation = TextSegmentation(units, rightToLeft: isRightToLeft)
        var paragraphs = units.indices.split(omittingEmptySubsequences: false) { units[$0] == 0x0A }
        if units.last == 0x0A { paragraphs.removeLast() }
        var boundary = 0
        for paragraph in paragraphs {
            let range = paragraph.startIndex..<paragraph.endIndex
            var local: [StyleBoundary] = []
            while boundary < boundaries.count, boundaries[boundary].end <= range.lowerBound { boundary += 1 }
            var next = boundary
            while next < boundaries.count {
                local.append(StyleBoundary(end: min(boundaries[next].end, range.upperBound) - range.lowerBound, style: boundaries[next].style))
                if boundaries[next].end >= range.upperBound { break }
                next += 1
            }
            let shaped = shaper.shape(
                Array(units[range]), segmentation: segmentation.paragraph(range), styles: local, chains: &chains)
            for line in LineBreaker(
                shaped, maxWidth: maxWidth, tabInterval16: tabInterval16, hyphenAdvance16: hyphenAdvance16,
                breaksLongWords: content.breaksLongWords
            ).lines() {
                var used: [LineHeights.UsedFont] = []
                var lineStyles: [Int16] = []
                for index in line.clusters {
                    let cluster = shaped.clusters[index]
                    if !lineStyles.contains(cluster.style) { lineStyles.append(cluster.style) }
                    let font = LineHeights.UsedFont(style: cluster.style, font: cluster.fontIndex)
                    if cluster.kind.drawsGlyph, !used.contains(font) { used.append(font) }
                }
                let start = line.clusters.isEmpty ? 0 : shaped.clusterStarts[line.clusters.lowerBound]
                let end =
                    line.clusters.upperBound < shaped.clusterStarts.count
                    ? shaped.clusterStarts[line.clusters.upperBound] : range.count
                // An empty span belongs to the line it starts (a paragraph's
                // last line also takes one at its very end).
                let isLast = line.clusters.upperBound >= shaped.clusters.count
                for empty in emptySpanStyles where !lineStyles.contains(empty.style) {
                    let at = empty.offset - range.lowerBound
                    if at >= start && (at < end || (isLast && at == end)) { lineStyles.append(empty.style) }
                }
                let box = heights.box(styles: lineStyles, used: used, chains: chains)
                lines.append(
                    Line(
                        width: line.width, height: box.height, baseline: box.baseline,
                        start: range.lowerBound + start, end: range.lowerBound + end))
            }
        }
    }
}
