import CHarfBuzz

/// Turns the text of one paragraph into measured grapheme clusters: ICU
/// segmentation, per-cluster font fallback, script and bidi runs, HarfBuzz shaping.
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
        let ends = segmentation.graphemeEnds
        let opportunities = segmentation.breakOpportunities
        let levels = segmentation.bidiLevels

        var clusters: [MeasuredCluster] = []
        clusters.reserveCapacity(ends.count)
        var scripts: [hb_script_t] = []
        scripts.reserveCapacity(ends.count)
        var clusterOfUnit = [Int32](repeating: 0, count: units.count)
        var invisible: [Bool] = []
        invisible.reserveCapacity(ends.count)
        var textScalars: [[UInt32]?] = []
        textScalars.reserveCapacity(ends.count)
        var start = 0
        for end in ends where end > start {
            let scalars = unicodeScalars(in: units[start..<end])
            let kind = Self.kind(of: scalars)
            invisible.append(scalars.allSatisfy { Unicode.Scalar($0)?.properties.isDefaultIgnorableCodePoint ?? true })
            textScalars.append(kind == .text ? scalars : nil)
            for unit in start..<end { clusterOfUnit[unit] = Int32(clusters.count) }
            clusters.append(
                MeasuredCluster(
                    kind: kind, advance: 0, fontIndex: FontFallbackChain.primaryIndex, breakAfter: opportunities[end]))
            scripts.append(hb_unicode_script(hb_unicode_funcs_get_default(), scalars.first ?? 0x20))
            start = end
        }
        Self.resolveInheritedScripts(&scripts)
        let clusterStarts = [0] + ends.dropLast()

        // Fonts are chosen segment by segment, as Chromium's run segmenter cuts
        // text: by script, bidi level and emoji presentation.
        let emoji = textScalars.map { $0.map(EmojiPresentation.isEmojiCluster) ?? false }
        var segmentStart = 0
        while segmentStart < clusters.count {
            var segmentEnd = segmentStart + 1
            while segmentEnd < clusters.count, scripts[segmentEnd] == scripts[segmentStart],
                emoji[segmentEnd] == emoji[segmentStart],
                levels[clusterStarts[segmentEnd]] == levels[clusterStarts[segmentStart]]
            {
                segmentEnd += 1
            }
            let chosen = fonts.fontIndices(
                forSegment: Array(textScalars[segmentStart..<segmentEnd]), emoji: emoji[segmentStart])
            for (offset, fontIndex) in chosen.enumerated() { clusters[segmentStart + offset].fontIndex = fontIndex }
            segmentStart = segmentEnd
        }

        // Runs of clusters sharing font, script and bidi level are shaped together.
        // Chromium spaces letters per HarfBuzz cluster, not per grapheme: a
        // conjunct such as स्ते is one grapheme but two clusters (half form + rest).
        var shapingClusters = [Int64](repeating: 0, count: clusters.count)
        units.withUnsafeBufferPointer { buffer in
            var lastAdjustment: Int64 = 0
            var runStart = 0
            while runStart < clusters.count {
                var runEnd = runStart + 1
                while runEnd < clusters.count, clusters[runEnd].fontIndex == clusters[runStart].fontIndex,
                    scripts[runEnd] == scripts[runStart],
                    levels[clusterStarts[runEnd]] == levels[clusterStarts[runStart]]
                {
                    runEnd += 1
                }
                let unitRange = clusterStarts[runStart]..<(runEnd < clusters.count ? clusterStarts[runEnd] : units.count)
                let glyphs = RunShaper.shape(
                    buffer, range: unitRange, font: fonts.fonts[clusters[runStart].fontIndex],
                    script: scripts[runStart], rightToLeft: levels[unitRange.lowerBound] % 2 == 1, features: features)
                var previousCluster: Int?
                var previousUnit: Int?
                let leftToRight = levels[unitRange.lowerBound] % 2 == 0
                for glyph in glyphs where glyph.unit < units.count {
                    let cluster = Int(clusterOfUnit[glyph.unit])
                    clusters[cluster].advance += glyph.advance
                    if glyph.unit != previousUnit { shapingClusters[cluster] += 1 }
                    previousUnit = glyph.unit
                    if leftToRight {
                        if let previousCluster, previousCluster != cluster, glyph.unsafeToBreak {
                            clusters[previousCluster].kernToNext = lastAdjustment
                        }
                        lastAdjustment = glyph.adjustment
                    }
                    previousCluster = cluster
                }
                runStart = runEnd
            }
        }

        // Chromium trims CJK punctuation only when the primary font can (has `halt`);
        // it halves the glyph, not the letter-spacing after it.
        if fonts.primary.face.hasHalfWidthPunctuation {
            CJKPunctuationTrim.apply(
                to: &clusters, units: units, clusterStarts: clusterStarts, emSize16: Int64(fonts.primary.size * 65536))
        }
        for index in clusters.indices {
            switch clusters[index].kind {
            case .control, .tab, .softHyphen: clusters[index].advance = 0
            case .space: clusters[index].advance += letterSpacing16
            case .text:
                // Spacing out the letters of a cursive script would break its joins;
                // invisible format characters take no spacing either.
                if !Self.isCursive(scripts[index]), !invisible[index] {
                    clusters[index].advance += letterSpacing16 * shapingClusters[index]
                }
            }
        }
        return ShapedParagraph(clusters: clusters)
    }

    private static func kind(of scalars: [UInt32]) -> MeasuredCluster.Kind {
        guard let first = scalars.first else { return .control }
        switch first {
        case 0x20: return .space
        case 0x09: return .tab
        case 0xAD: return .softHyphen
        case 0x00..<0x20, 0x7F..<0xA0: return .control
        default: return .text
        }
    }

    private static let cursiveScripts: Set<UInt32> = [
        HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN,
        HB_SCRIPT_PHAGS_PA, HB_SCRIPT_HANIFI_ROHINGYA, HB_SCRIPT_SOGDIAN, HB_SCRIPT_PSALTER_PAHLAVI,
        HB_SCRIPT_MANICHAEAN, HB_SCRIPT_ADLAM,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    private static func isCursive(_ script: hb_script_t) -> Bool {
        cursiveScripts.contains(script.rawValue)
    }

    /// Common and inherited characters (spaces, digits, punctuation, marks) join
    /// the script run around them, as HarfBuzz expects.
    private static func resolveInheritedScripts(_ scripts: inout [hb_script_t]) {
        func isNeutral(_ script: hb_script_t) -> Bool {
            script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
        }
        var last: hb_script_t?
        for index in scripts.indices {
            if isNeutral(scripts[index]) {
                if let last { scripts[index] = last }
            } else {
                last = scripts[index]
            }
        }
        // Leading neutrals take the first real script.
        if let firstReal = scripts.first(where: { !isNeutral($0) }) {
            for index in scripts.indices {
                guard isNeutral(scripts[index]) else { break }
                scripts[index] = firstReal
            }
        }
    }
}
