import CHarfBuzz

/// Turns the text of one paragraph into measured grapheme clusters: ICU
/// segmentation, font fallback by segment, HarfBuzz shaping by run, then
/// CJK punctuation trimming and letter-spacing.
struct ParagraphShaper {
    let letterSpacing16: Int64
    let features: [hb_feature_t]

    init(letterSpacing: Double) {
        letterSpacing16 = Int64((letterSpacing * 65536).rounded())
        features = RunShaper.features(letterSpacing: letterSpacing)
    }

    func shape(_ units: [UInt16], fonts: inout FontFallbackChain) -> ShapedParagraph {
        shape(units, segmentation: TextSegmentation(units), fonts: &fonts)
    }

    /// `segmentation` is ICU's analysis of exactly `units`.
    func shape(_ units: [UInt16], segmentation: TextSegmentation, fonts: inout FontFallbackChain) -> ShapedParagraph {
        guard !units.isEmpty else { return ShapedParagraph(clusters: []) }
        var paragraph = ClusteredParagraph(units: units, segmentation: segmentation, primary: fonts.primary.face)
        paragraph.assignFonts(&fonts)
        let shapingClusters = paragraph.shapeRuns(fonts: fonts, features: features)
        paragraph.shareLigatureAdvances(shapingClusters: shapingClusters, fonts: fonts)
        // Chromium trims CJK punctuation only when the primary font can (has `halt`);
        // it halves the glyph, not the letter-spacing after it.
        if fonts.primary.face.hasHalfWidthPunctuation {
            CJKPunctuationTrim.apply(
                to: &paragraph.clusters, units: units, clusterStarts: paragraph.clusterStarts,
                emSize16: Int64(fonts.primary.size * 65536))
        }
        paragraph.applyLetterSpacing(letterSpacing16, shapingClusters: shapingClusters)
        return ShapedParagraph(clusters: paragraph.clusters)
    }
}

/// Adds the glyphs of one run, in HarfBuzz's order, to their clusters.
private struct GlyphAccumulator {
    let leftToRight: Bool
    var previousCluster: Int?
    var previousUnit: Int?
    var lastAdjustment: Int64 = 0

    init(leftToRight: Bool) {
        self.leftToRight = leftToRight
    }

    mutating func add(_ glyph: RunShaper.GlyphAdvance, to paragraph: inout ClusteredParagraph, counting shapingClusters: inout [Int64]) {
        guard glyph.unit < paragraph.units.count else { return }
        let cluster = Int(paragraph.clusterOfUnit[glyph.unit])
        paragraph.clusters[cluster].advance += glyph.advance
        if glyph.unit != previousUnit { shapingClusters[cluster] += 1 }
        previousUnit = glyph.unit
        // Kerning with the next cluster, which a line break between them undoes.
        if leftToRight {
            if let previousCluster, previousCluster != cluster, glyph.unsafeToBreak {
                paragraph.clusters[previousCluster].kernToNext = lastAdjustment
            }
            lastAdjustment = glyph.adjustment
        }
        previousCluster = cluster
    }
}

/// A paragraph cut into grapheme clusters, with what each step needs to know
/// about every cluster kept side by side.
private struct ClusteredParagraph {
    let units: [UInt16]
    let levels: [UInt8]
    var clusters: [MeasuredCluster] = []
    var clusterStarts: [Int] = []
    var clusterOfUnit: [Int32]
    var scripts: [hb_script_t] = []
    /// The scalars of clusters that need a font chosen (`.text` the primary font
    /// may lack), nil for the others, which the primary font draws. Most clusters
    /// are nil, which keeps a long text from holding an array per character.
    var textScalars: [[UInt32]?] = []
    var emoji: [Bool] = []
    /// Made only of default-ignorable characters (joiners, bidi controls...).
    var invisible: [Bool] = []

    init(units: [UInt16], segmentation: TextSegmentation, primary: FontFace) {
        self.units = units
        levels = segmentation.bidiLevels
        clusterOfUnit = [Int32](repeating: 0, count: units.count)
        var start = 0
        for end in segmentation.graphemeEnds where end > start {
            let scalars = unicodeScalars(in: units[start..<end])
            let kind = MeasuredCluster.Kind(scalars: scalars)
            for unit in start..<end { clusterOfUnit[unit] = Int32(clusters.count) }
            clusterStarts.append(start)
            clusters.append(
                MeasuredCluster(
                    advance: 0, fontIndex: Int16(FontFallbackChain.primaryIndex), kind: kind,
                    breakAfter: segmentation.breakOpportunities[end]))
            scripts.append(ScriptAnalysis.script(of: scalars.first ?? 0x20))
            let plain = scalars.count == 1 && primary.hasGlyph(for: scalars[0])
            textScalars.append(kind == .text && !plain ? scalars : nil)
            emoji.append(kind == .text && !plain && EmojiPresentation.isEmojiCluster(scalars))
            invisible.append(scalars.allSatisfy { Unicode.Scalar($0)?.properties.isDefaultIgnorableCodePoint ?? true })
            start = end
        }
        ScriptAnalysis.resolveInheritedScripts(&scripts)
        for index in clusters.indices.dropFirst() where level(ofCluster: index) != level(ofCluster: index - 1) {
            clusters[index].startsItem = true
        }
    }

    func level(ofCluster index: Int) -> UInt8 { levels[clusterStarts[index]] }

    func unitRange(ofClusters range: Range<Int>) -> Range<Int> {
        clusterStarts[range.lowerBound]..<(range.upperBound < clusters.count ? clusterStarts[range.upperBound] : units.count)
    }

    /// The end of the run of clusters from `start` on for which `same` holds.
    func runEnd(from start: Int, _ same: (Int, Int) -> Bool) -> Int {
        var end = start + 1
        while end < clusters.count, same(start, end) { end += 1 }
        return end
    }

    /// Fonts are chosen segment by segment, as Chromium's run segmenter cuts
    /// text: by script, bidi level and emoji presentation.
    mutating func assignFonts(_ fonts: inout FontFallbackChain) {
        var start = 0
        while start < clusters.count {
            let end = runEnd(from: start) { a, b in
                scripts[a] == scripts[b] && emoji[a] == emoji[b] && level(ofCluster: a) == level(ofCluster: b)
            }
            let chosen = fonts.fontIndices(forSegment: Array(textScalars[start..<end]), emoji: emoji[start])
            for (offset, fontIndex) in chosen.enumerated() { clusters[start + offset].fontIndex = Int16(fontIndex) }
            start = end
        }
    }

    /// Shapes runs of clusters sharing font, script and bidi level, adding each
    /// glyph's advance to its cluster. Returns how many HarfBuzz clusters each
    /// grapheme cluster holds: Chromium spaces letters per HarfBuzz cluster, and a
    /// conjunct such as स्ते is one grapheme but two clusters (half form + rest).
    mutating func shapeRuns(fonts: FontFallbackChain, features: [hb_feature_t]) -> [Int64] {
        var shapingClusters = [Int64](repeating: 0, count: clusters.count)
        let units = units
        units.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < clusters.count {
                let end = runEnd(from: start) { a, b in
                    clusters[a].fontIndex == clusters[b].fontIndex && scripts[a] == scripts[b]
                        && level(ofCluster: a) == level(ofCluster: b)
                }
                let rightToLeft = level(ofCluster: start) % 2 == 1
                var accumulator = GlyphAccumulator(leftToRight: !rightToLeft)
                RunShaper.shape(
                    buffer, range: unitRange(ofClusters: start..<end), font: fonts.fonts[Int(clusters[start].fontIndex)],
                    script: scripts[start], rightToLeft: rightToLeft, features: features
                ) { glyph in
                    accumulator.add(glyph, to: &self, counting: &shapingClusters)
                }
                start = end
            }
        }
        return shapingClusters
    }

    /// A ligature over several grapheme clusters (f+i → ﬁ) gives all its advance
    /// to the first. Where a line may break between them (overflow-wrap), Chromium
    /// reshapes each side on its own, so each cluster gets the share its own
    /// glyph would have: the ligature's advance split in proportion to the
    /// characters' unligated advances. Whole lines still add up to the ligature.
    mutating func shareLigatureAdvances(shapingClusters: [Int64], fonts: FontFallbackChain) {
        var first = 0
        while first < clusters.count {
            var end = first + 1
            while end < clusters.count, shapingClusters[end] == 0, clusters[end].kind == .text,
                clusters[end].fontIndex == clusters[first].fontIndex
            {
                end += 1
            }
            if end - first > 1, shapingClusters[first] > 0 {
                let font = fonts.fonts[Int(clusters[first].fontIndex)]
                let shares = (first..<end).map { index -> Int64 in
                    let scalar = unicodeScalars(in: units[unitRange(ofClusters: index..<(index + 1))]).first ?? 0
                    guard let glyph = font.face.nominalGlyph(for: scalar) else { return 0 }
                    return max(0, font.advance16(glyph: glyph, units: font.face.nominalAdvanceUnits(of: glyph)))
                }
                let totalShare = shares.reduce(0, +)
                let total = clusters[first].advance
                if totalShare > 0 {
                    var given: Int64 = 0
                    for (offset, share) in shares.enumerated().dropFirst() {
                        let part = total * share / totalShare
                        clusters[first + offset].advance = part
                        given += part
                    }
                    clusters[first].advance = total - given
                }
            }
            first = end
        }
    }

    mutating func applyLetterSpacing(_ letterSpacing16: Int64, shapingClusters: [Int64]) {
        for index in clusters.indices {
            switch clusters[index].kind {
            case .control, .tab, .softHyphen: clusters[index].advance = 0
            case .space: clusters[index].advance += letterSpacing16
            case .text:
                // Spacing out the letters of a cursive script would break its joins;
                // invisible format characters take no spacing either.
                if !ScriptAnalysis.isCursive(scripts[index]), !invisible[index] {
                    clusters[index].advance += letterSpacing16 * shapingClusters[index]
                }
            }
        }
    }
}
