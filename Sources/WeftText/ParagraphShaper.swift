import CHarfBuzz

/// Turns the text of one paragraph into measured grapheme clusters: ICU
/// segmentation, font fallback by segment, HarfBuzz shaping by run, then
/// CJK punctuation trimming and letter-spacing.
struct ParagraphShaper {
    /// Per style (index into the text's styles): letter-spacing in 16.16 px and HarfBuzz features.
    let letterSpacing16: [Int64]
    let features: [[hb_feature_t]]

    init(letterSpacing: Double) {
        self.init(letterSpacings: [letterSpacing])
    }

    init(letterSpacings: [Double]) {
        letterSpacing16 = letterSpacings.map { Int64(($0 * 65536).rounded()) }
        features = letterSpacings.map { RunShaper.features(letterSpacing: $0) }
    }

    /// One paragraph in one style (style 0).
    func shape(_ units: [UInt16], fonts: inout FontFallbackChain) -> ShapedParagraph {
        var chains = [fonts]
        defer { fonts = chains[0] }
        return shape(units, segmentation: TextSegmentation(units), styles: [StyleBoundary(end: units.count, style: 0)], chains: &chains)
    }

    /// `segmentation` is ICU's analysis of exactly `units`; `styles` cover
    /// `units` in order, each style's fonts being `chains[style]`.
    func shape(
        _ units: [UInt16], segmentation: TextSegmentation, styles: [StyleBoundary], chains: inout [FontFallbackChain]
    ) -> ShapedParagraph {
        guard !units.isEmpty else { return ShapedParagraph(clusters: [], clusterStarts: []) }
        var paragraph = ClusteredParagraph(units: units, segmentation: segmentation, styles: styles, chains: chains)
        paragraph.assignFonts(&chains)
        let shapingClusters = paragraph.shapeRuns(chains: chains, features: features)
        paragraph.shareLigatureAdvances(shapingClusters: shapingClusters, chains: chains)
        paragraph.spaceSeparatorsWithoutGlyph(chains: chains)
        // Chromium trims CJK punctuation only when the primary font can (has `halt`);
        // it halves the glyph, not the letter-spacing after it.
        var start = 0
        while start < paragraph.clusters.count {
            let style = paragraph.clusters[start].style
            let end = paragraph.runEnd(from: start) { paragraph.clusters[$0].style == paragraph.clusters[$1].style }
            let primary = chains[Int(style)].primary
            if primary.face.hasHalfWidthPunctuation {
                var slice = Array(paragraph.clusters[start..<end])
                let unitRange = paragraph.unitRange(ofClusters: start..<end)
                CJKPunctuationTrim.apply(
                    to: &slice, units: Array(units[unitRange]),
                    clusterStarts: paragraph.clusterStarts[start..<end].map { $0 - unitRange.lowerBound },
                    emSize16: Int64(primary.size * 65536))
                paragraph.clusters.replaceSubrange(start..<end, with: slice)
            }
            start = end
        }
        paragraph.applyLetterSpacing(letterSpacing16, shapingClusters: shapingClusters)
        return ShapedParagraph(clusters: paragraph.clusters, clusterStarts: paragraph.clusterStarts)
    }
}

/// Where one style's stretch of a paragraph ends (UTF-16, paragraph-local).
struct StyleBoundary {
    var end: Int
    var style: Int16
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

    init(units: [UInt16], segmentation: TextSegmentation, styles: [StyleBoundary], chains: [FontFallbackChain]) {
        self.units = units
        levels = segmentation.bidiLevels
        clusterOfUnit = [Int32](repeating: 0, count: units.count)
        // Read once: indexing `chains` per cluster would copy a chain each time.
        let primaries = chains.map(\.primary.face)
        var start = 0
        var styleIndex = 0
        for end in segmentation.graphemeEnds where end > start {
            // A cluster takes the style of its first character.
            while styleIndex + 1 < styles.count, styles[styleIndex].end <= start { styleIndex += 1 }
            let style = styles.isEmpty ? 0 : styles[styleIndex].style
            let primary = primaries[Int(style)]
            let scalars = unicodeScalars(in: units[start..<end])
            let kind = MeasuredCluster.Kind(scalars: scalars)
            for unit in start..<end { clusterOfUnit[unit] = Int32(clusters.count) }
            clusterStarts.append(start)
            clusters.append(
                MeasuredCluster(
                    advance: 0, fontIndex: Int16(FontFallbackChain.primaryIndex), kind: kind,
                    breakAfter: segmentation.breakOpportunities[end], style: style))
            scripts.append(ScriptAnalysis.script(of: scalars.first ?? 0x20))
            let plain = scalars.count == 1 && primary.hasGlyph(for: scalars[0])
            textScalars.append(kind.choosesFont && !plain ? scalars : nil)
            emoji.append(kind.isText && !plain && EmojiPresentation.isEmojiCluster(scalars))
            invisible.append(scalars.allSatisfy { Unicode.Scalar($0)?.properties.isDefaultIgnorableCodePoint ?? true })
            start = end
        }
        ScriptAnalysis.resolveInheritedScripts(&scripts)
        // Chromium lays out each bidi run and each styled span as an item of its own.
        for index in clusters.indices.dropFirst()
        where level(ofCluster: index) != level(ofCluster: index - 1) || clusters[index].style != clusters[index - 1].style {
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
    mutating func assignFonts(_ chains: inout [FontFallbackChain]) {
        var start = 0
        while start < clusters.count {
            let end = runEnd(from: start) { a, b in
                scripts[a] == scripts[b] && emoji[a] == emoji[b] && level(ofCluster: a) == level(ofCluster: b)
                    && clusters[a].style == clusters[b].style
            }
            let chosen = chains[Int(clusters[start].style)].fontIndices(
                forSegment: Array(textScalars[start..<end]), emoji: emoji[start])
            for (offset, fontIndex) in chosen.enumerated() { clusters[start + offset].fontIndex = Int16(fontIndex) }
            start = end
        }
    }

    /// Shapes runs of clusters sharing font, script and bidi level, adding each
    /// glyph's advance to its cluster. Returns how many HarfBuzz clusters each
    /// grapheme cluster holds: Chromium spaces letters per HarfBuzz cluster, and a
    /// conjunct such as स्ते is one grapheme but two clusters (half form + rest).
    mutating func shapeRuns(chains: [FontFallbackChain], features: [[hb_feature_t]]) -> [Int64] {
        var shapingClusters = [Int64](repeating: 0, count: clusters.count)
        let units = units
        units.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < clusters.count {
                let end = runEnd(from: start) { a, b in
                    clusters[a].fontIndex == clusters[b].fontIndex && scripts[a] == scripts[b]
                        && level(ofCluster: a) == level(ofCluster: b) && clusters[a].style == clusters[b].style
                }
                let style = Int(clusters[start].style)
                let rightToLeft = level(ofCluster: start) % 2 == 1
                var accumulator = GlyphAccumulator(leftToRight: !rightToLeft)
                RunShaper.shape(
                    buffer, range: unitRange(ofClusters: start..<end),
                    font: chains[style].fonts[Int(clusters[start].fontIndex)],
                    script: scripts[start], rightToLeft: rightToLeft, features: features[style]
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
    mutating func shareLigatureAdvances(shapingClusters: [Int64], chains: [FontFallbackChain]) {
        var first = 0
        while first < clusters.count {
            var end = first + 1
            while end < clusters.count, shapingClusters[end] == 0, clusters[end].kind.isText,
                clusters[end].fontIndex == clusters[first].fontIndex, clusters[end].style == clusters[first].style
            {
                end += 1
            }
            if end - first > 1, shapingClusters[first] > 0 {
                let font = chains[Int(clusters[first].style)].fonts[Int(clusters[first].fontIndex)]
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

    /// A line or paragraph separator the primary font has no glyph for takes
    /// that font's space advance, as Chromium draws it (not .notdef's, and not
    /// a fallback font's glyph).
    mutating func spaceSeparatorsWithoutGlyph(chains: [FontFallbackChain]) {
        for index in clusters.indices where clusters[index].kind == .separator {
            let font = chains[Int(clusters[index].style)].primary
            guard !font.face.hasGlyph(for: UInt32(units[clusterStarts[index]])),
                let space = font.face.nominalGlyph(for: 0x20)
            else { continue }
            clusters[index].advance = font.advance16(glyph: space, units: font.face.nominalAdvanceUnits(of: space))
        }
    }

    mutating func applyLetterSpacing(_ letterSpacings16: [Int64], shapingClusters: [Int64]) {
        for index in clusters.indices {
            let letterSpacing16 = letterSpacings16[Int(clusters[index].style)]
            switch clusters[index].kind {
            case .control, .invisibleControl, .tab, .softHyphen: clusters[index].advance = 0
            case .space: clusters[index].advance += letterSpacing16
            case .text, .ideographicSpace, .visibleControl, .separator:
                // Spacing out the letters of a cursive script would break its joins;
                // invisible format characters take no spacing either.
                if !ScriptAnalysis.isCursive(scripts[index]), !invisible[index] {
                    clusters[index].advance += letterSpacing16 * shapingClusters[index]
                }
            }
        }
    }
}
