import Foundation
/// Chooses the font of each grapheme cluster the way Chromium does for a
/// `font-family` of one family and no generic family:
/// 1. the requested family at the requested weight and style;
/// 2. the default standard font (Times New Roman, i.e. Liberation Serif) at that weight and style;
/// 3. fontconfig's font for the first character nothing earlier has, regular
///    face, tried on every cluster of the segment still without a font (see
///    `fontIndices(forSegment:emoji:)`).
/// A cluster with VS16 only takes a font that maps that variation sequence.
struct FontFallbackChain {
    private(set) var fonts: [ScaledFont]
    private let resolver: FontResolver
    private let defaultStandard: ScaledFont?
    private var indexByFace: [ObjectIdentifier: Int] = [:]

    static let primaryIndex = 0

    /// Nil when not even a fallback face can be loaded (no fonts at all).
    init?(font: FontDescriptorKey, resolver: FontResolver = .shared) {
        self.resolver = resolver
        let faces = resolver.namedFaces(family: font.family, weight: font.weight, italic: font.italic)
        guard let primaryFace = faces.requested ?? faces.standard else { return nil }
        fonts = [ScaledFont(face: primaryFace, size: font.size)]
        indexByFace[ObjectIdentifier(primaryFace)] = 0
        defaultStandard = faces.standard.map { ScaledFont(face: $0, size: font.size) }
    }

    var primary: ScaledFont { fonts[Self.primaryIndex] }

    /// Fonts for the clusters of one segment (text of one script, one bidi level,
    /// emoji or not), as indices into `fonts`; `nil` entries (spaces, controls)
    /// take the primary font.
    ///
    /// Chromium falls back segment by segment: clusters neither CSS-named font
    /// has are "holes"; the system fallback font chosen for the first hole is
    /// tried on every hole of the segment, and only the holes it cannot fill go
    /// on to the font chosen for the first of them, and so on. So a ‱ after ★
    /// takes ★'s font (DejaVu Sans), and a danda stays in the Devanagari font.
    mutating func fontIndices(forSegment clusters: [[UInt32]?], emoji: Bool) -> [Int] {
        var result = [Int](repeating: Self.primaryIndex, count: clusters.count)
        var holes: [Int] = []
        for (position, scalars) in clusters.enumerated() {
            guard let scalars else { continue }
            if let named = namedFontIndex(forCluster: scalars) {
                result[position] = named
            } else {
                holes.append(position)
            }
        }
        while let first = holes.first, let scalars = clusters[first],
            let fallback = systemFallbackIndex(forCluster: scalars, emoji: emoji)
        {
            // Fontconfig chose this font for the first hole's character: it draws that hole whatever else.
            result[first] = fallback
            holes = holes.dropFirst().filter { hole in
                guard let other = clusters[hole], covers(fonts[fallback].face, other) else { return true }
                result[hole] = fallback
                return false
            }
        }
        return result
    }

    /// The requested family's font or the default standard font, if either draws the cluster.
    private mutating func namedFontIndex(forCluster scalars: [UInt32]) -> Int? {
        // Most clusters are one character the requested font has.
        if scalars.count == 1, scalars[0] < 0x20 || primary.face.hasGlyph(for: scalars[0]) {
            return Self.primaryIndex
        }
        guard let first = Self.significant(scalars).first, first >= 0x20 else { return Self.primaryIndex }
        if covers(primary.face, scalars) { return Self.primaryIndex }
        if let defaultStandard, covers(defaultStandard.face, scalars) { return index(of: defaultStandard.face) }
        return nil
    }

    private mutating func systemFallbackIndex(forCluster scalars: [UInt32], emoji: Bool) -> Int? {
        guard let first = Self.significant(scalars).first,
            let face = resolver.face(for: resolver.fallbackMatch(for: first, emoji: emoji))
        else { return nil }
        return index(of: face)
    }

    /// The font has every character of the cluster that needs a glyph, and for a
    /// VS16 sequence the emoji variation of its base. A base with combining
    /// marks the font lacks counts as covered when the font has the composed
    /// character (NFC: e and U+0301 as é): HarfBuzz then draws that glyph, and
    /// Chromium keeps such a cluster in its font too.
    private func covers(_ face: FontFace, _ scalars: [UInt32]) -> Bool {
        let significant = Self.significant(scalars)
        guard let first = significant.first else { return true }
        if EmojiPresentation.requiresEmojiVariation(scalars),
            !face.hasVariationGlyph(for: first, selector: EmojiPresentation.variationSelector16)
        {
            return false
        }
        if significant.allSatisfy(face.hasGlyph(for:)) { return true }
        guard significant.count > 1, let composed = Self.composed(significant), composed.count < significant.count else {
            return false
        }
        return composed.allSatisfy(face.hasGlyph(for:))
    }

    /// The cluster's scalars in canonical composition (NFC); nil if one is not a scalar.
    private static func composed(_ scalars: [UInt32]) -> [UInt32]? {
        var text = String.UnicodeScalarView()
        for value in scalars {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            text.append(scalar)
        }
        return String(text).precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
    }

    private static func significant(_ scalars: [UInt32]) -> [UInt32] {
        scalars.filter { !EmojiPresentation.isIgnorableForCoverage($0) }
    }

    private mutating func index(of face: FontFace) -> Int {
        if let known = indexByFace[ObjectIdentifier(face)] { return known }
        fonts.append(ScaledFont(face: face, size: primary.size))
        indexByFace[ObjectIdentifier(face)] = fonts.count - 1
        return fonts.count - 1
    }
}

/// The parts of a font request that pick and size faces, sanitised.
struct FontDescriptorKey: Hashable, Sendable {
    let family: String
    let size: Double
    let weight: Int
    let italic: Bool
}
