/// One line of a paragraph.
struct LaidOutLine {
    /// Clusters of the paragraph on this line.
    var clusters: Range<Int>
    /// The right edge of the content in px (1/64 px precision).
    var width: Double
}

/// Greedy line breaking as Blink does it for `white-space: pre-wrap` and
/// `overflow-wrap: anywhere`: fill each line up to the last opportunity that
/// fits; a word that does not fit alone breaks between grapheme clusters.
/// Spaces at a soft wrap hang past the edge and do not count in the width.
enum LineBreaker {
    static func lines(of paragraph: ShapedParagraph, maxWidth: Double, tabInterval16: Int64) -> [LaidOutLine] {
        let clusters = paragraph.clusters
        guard !clusters.isEmpty else { return [LaidOutLine(clusters: 0..<0, width: 0)] }
        let limit16 = maxWidth.isFinite ? Int64((max(0, maxWidth) * 65536).rounded(.down)) : Int64.max

        var lines: [LaidOutLine] = []
        var lineStart = 0
        while lineStart < clusters.count {
            var position16: Int64 = 0
            var contentEnd16: Int64 = 0
            var lastOpportunity: Int?
            var index = lineStart
            var lineEnd = clusters.count
            while index < clusters.count {
                let cluster = clusters[index]
                var advance = cluster.advance
                if cluster.kind == .tab { advance = tabAdvance(at: position16, interval: tabInterval16) }
                let next = position16 + advance
                if cluster.kind != .space, index > lineStart, roundedUp(next) > limit16 {
                    lineEnd = lastOpportunity ?? index
                    break
                }
                position16 = next
                if cluster.kind != .space { contentEnd16 = position16 }
                if cluster.breakAfter { lastOpportunity = index + 1 }
                index += 1
            }
            if lineEnd == clusters.count {
                // The paragraph's last line: its trailing spaces count, up to the edge.
                let withSpaces = min(roundedUp(position16), max(roundedUp(contentEnd16), limit16))
                lines.append(LaidOutLine(clusters: lineStart..<lineEnd, width: px(withSpaces)))
            } else {
                let content = contentWidth(clusters, lineStart..<lineEnd, tabInterval16: tabInterval16)
                lines.append(LaidOutLine(clusters: lineStart..<lineEnd, width: px(roundedUp(content))))
            }
            lineStart = lineEnd
        }
        return lines
    }

    /// Width of a soft-wrapped line without the spaces hanging at its end.
    private static func contentWidth(_ clusters: [MeasuredCluster], _ range: Range<Int>, tabInterval16: Int64) -> Int64 {
        var position: Int64 = 0
        var contentEnd: Int64 = 0
        for index in range {
            let cluster = clusters[index]
            position += cluster.kind == .tab ? tabAdvance(at: position, interval: tabInterval16) : cluster.advance
            if cluster.kind != .space { contentEnd = position }
        }
        return contentEnd
    }

    /// `tab-size: 8`: the next multiple of eight spaces.
    private static func tabAdvance(at position: Int64, interval: Int64) -> Int64 {
        guard interval > 0 else { return 0 }
        let remainder = position % interval
        return interval - (remainder < 0 ? remainder + interval : remainder)
    }

    /// Blink keeps inline sizes in LayoutUnits (1/64 px) and rounds text widths up into them.
    static func roundedUp(_ value16: Int64) -> Int64 {
        guard value16 > 0 else { return 0 }
        return (value16 + 1023) / 1024 * 1024
    }

    static func px(_ value16: Int64) -> Double { Double(value16) / 65536 }
}
