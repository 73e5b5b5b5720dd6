/// One line of a paragraph.
struct LaidOutLine {
    /// Clusters of the paragraph on this line.
    var clusters: Range<Int>
    /// The right edge of the content in px (1/64 px precision).
    var width: Double
}

/// Greedy line breaking as Blink does it for `white-space: pre-wrap`: fill each
/// line up to the last opportunity that fits. A word that does not fit alone
/// breaks between grapheme clusters (`overflow-wrap: anywhere`) or overflows the
/// line up to the next opportunity (`overflow-wrap: normal`).
/// Spaces and tabs at a soft wrap hang past the edge and do not count in the width.
///
/// Widths are 16.16 fixed-point integers; Blink's layout units are 1/64 px.
struct LineBreaker {
    static let layoutUnit: Int64 = 1024

    let clusters: [MeasuredCluster]
    /// The available width in whole layout units (16.16), or nil when unbounded.
    let available: Int64?
    let tabInterval: Int64
    /// The hyphen shown at a break after a soft hyphen, 16.16 px.
    let hyphenAdvance: Int64
    let breaksLongWords: Bool

    init(
        _ paragraph: ShapedParagraph, maxWidth: Double, tabInterval16: Int64, hyphenAdvance16: Int64 = 0,
        breaksLongWords: Bool = true
    ) {
        clusters = paragraph.clusters
        if maxWidth.isFinite {
            available = Int64((max(0, maxWidth) * 64).rounded(.down)) * Self.layoutUnit
        } else {
            available = nil
        }
        tabInterval = tabInterval16
        hyphenAdvance = hyphenAdvance16
        self.breaksLongWords = breaksLongWords
    }

    func lines() -> [LaidOutLine] {
        guard !clusters.isEmpty else { return [LaidOutLine(clusters: 0..<0, width: 0)] }
        var lines: [LaidOutLine] = []
        var lineStart = 0
        while lineStart < clusters.count {
            let line = nextLine(from: lineStart)
            lines.append(line)
            lineStart = line.clusters.upperBound
        }
        return lines
    }

    private func nextLine(from lineStart: Int) -> LaidOutLine {
        var position: Int64 = 0
        var lastOpportunity: Int?
        // A word wider than the line that may not be broken: the line ends at the next opportunity.
        var overflowing = false
        for index in lineStart..<clusters.count {
            let cluster = clusters[index]
            if cluster.startsItem, index > lineStart { position = Self.roundedUp(position) }
            let next = position + advance(of: cluster, at: position)
            if !cluster.kind.hangs, index > lineStart, !overflowing {
                let endingHere = next - cluster.kernToNext
                if !fits(endingHere) {
                    // CJK closing punctuation may give up its blank half to stay on the line.
                    let trimmed = endingHere - cluster.trimmableAtLineEnd
                    if cluster.trimmableAtLineEnd > 0, fits(trimmed), cluster.breakAfter || index + 1 == clusters.count {
                        return LaidOutLine(clusters: lineStart..<(index + 1), width: reported(trimmed))
                    }
                    if let end = lastOpportunity ?? (breaksLongWords ? cutInsideWord(from: lineStart, before: index) : nil) {
                        return LaidOutLine(clusters: lineStart..<end, width: reported(softWrappedWidth(lineStart..<end)))
                    }
                    overflowing = true
                }
            }
            position = next
            if overflowing, cluster.breakAfter, index + 1 < clusters.count {
                return LaidOutLine(
                    clusters: lineStart..<(index + 1), width: reported(softWrappedWidth(lineStart..<(index + 1))))
            }
            // A soft hyphen only offers a break where the hyphen it adds still fits.
            if cluster.breakAfter, cluster.kind != .softHyphen || fits(position + hyphenAdvance) {
                lastOpportunity = index + 1
            }
        }
        // The paragraph's last line: spaces before the line feed or the end of the
        // text count in full, even past the available width, as Chromium draws them.
        return LaidOutLine(clusters: lineStart..<clusters.count, width: reported(position))
    }

    /// Where a word too long for the line is cut (`overflow-wrap: anywhere`):
    /// before `index`, the cluster that does not fit, or earlier. A cut beside
    /// a soft hyphen is the hyphen's break, as Chromium takes it: never just
    /// before the soft hyphen, and after it only where the hyphen shown still
    /// fits (`ab\u{AD}cd` in 25 px of Ahem 10 is `a`, `b-`, `cd`).
    private func cutInsideWord(from lineStart: Int, before index: Int) -> Int {
        var end = index
        while end > lineStart + 1 {
            let beforeSoftHyphen = clusters[end].kind == .softHyphen
            let afterUnfittingHyphen = clusters[end - 1].kind == .softHyphen && !fits(softWrappedWidth(lineStart..<end))
            guard beforeSoftHyphen || afterUnfittingHyphen else { break }
            end -= 1
        }
        return end
    }

    /// Width of a soft-wrapped line: hanging spaces left out, and no kerning with
    /// the first character of the next line.
    private func softWrappedWidth(_ range: Range<Int>) -> Int64 {
        var position: Int64 = 0
        var contentEnd: Int64 = 0
        for index in range {
            let cluster = clusters[index]
            if cluster.startsItem, index > range.lowerBound { position = Self.roundedUp(position) }
            position += advance(of: cluster, at: position)
            if !cluster.kind.hangs { contentEnd = position }
        }
        if let last = range.last, !clusters[last].kind.hangs { contentEnd -= clusters[last].kernToNext }
        if let last = range.last, clusters[last].kind == .softHyphen { contentEnd = position + hyphenAdvance }
        return contentEnd
    }

    private func advance(of cluster: MeasuredCluster, at position: Int64) -> Int64 {
        guard cluster.kind == .tab else { return cluster.advance }
        // `tab-size: 8`: on to the next multiple of eight spaces, or the one after
        // when that is less than half a space away (Blink's Font::TabWidth).
        guard tabInterval > 0 else { return 0 }
        let remainder = position % tabInterval
        let distance = tabInterval - (remainder < 0 ? remainder + tabInterval : remainder)
        return distance < tabInterval / 16 ? distance + tabInterval : distance
    }

    /// Blink lets a line through when it overflows by less than one layout unit
    /// (rounding slack), e.g. four 19.00003 px glyphs in a 76 px line.
    private func fits(_ width: Int64) -> Bool {
        guard let available else { return true }
        return Self.roundedUp(width) <= available + Self.layoutUnit
    }

    /// A line that fits is never reported wider than the available width.
    private func reported(_ width: Int64) -> Double {
        var value = Self.roundedUp(width)
        if let available, value <= available + Self.layoutUnit { value = min(value, available) }
        return Double(value) / 65536
    }

    /// Blink rounds text widths up to whole layout units.
    static func roundedUp(_ value16: Int64) -> Int64 {
        guard value16 > 0 else { return 0 }
        return (value16 + layoutUnit - 1) / layoutUnit * layoutUnit
    }
}
