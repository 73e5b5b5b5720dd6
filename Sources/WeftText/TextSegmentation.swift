/// ICU's analysis of a text: grapheme clusters, line-break opportunities and
/// bidi levels. Done once for the whole text, because its fixed cost per call
/// would otherwise be paid again for every line feed.
struct TextSegmentation {
    /// Ends of the grapheme clusters (UTF-16 offsets), the text's end included.
    let graphemeEnds: [Int]
    /// For each offset 0...count, whether a line may end there.
    let breakOpportunities: [Bool]
    let bidiLevels: [UInt8]

    init(_ units: [UInt16], rightToLeft: Bool = false) {
        graphemeEnds = ICUBreaks.graphemeEnds(units)
        breakOpportunities = LineBreakRules.opportunities(in: units)
        bidiLevels = ICUBreaks.bidiLevels(units, rightToLeft: rightToLeft)
    }

    private init(graphemeEnds: [Int], breakOpportunities: [Bool], bidiLevels: [UInt8]) {
        self.graphemeEnds = graphemeEnds
        self.breakOpportunities = breakOpportunities
        self.bidiLevels = bidiLevels
    }

    /// The analysis of one paragraph, `range`, with offsets from its start. A
    /// cluster running past the paragraph (CR before the LF) is cut at its end.
    func paragraph(_ range: Range<Int>) -> TextSegmentation {
        var ends: [Int] = []
        var low = 0
        var high = graphemeEnds.count
        while low < high {  // first end after the paragraph's start
            let middle = (low + high) / 2
            if graphemeEnds[middle] <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < graphemeEnds.count, graphemeEnds[index] < range.upperBound {
            ends.append(graphemeEnds[index] - range.lowerBound)
            index += 1
        }
        if !range.isEmpty { ends.append(range.count) }
        return TextSegmentation(
            graphemeEnds: ends, breakOpportunities: Array(breakOpportunities[range.lowerBound...range.upperBound]),
            bidiLevels: Array(bidiLevels[range]))
    }
}
