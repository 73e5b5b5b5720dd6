/// Chooses the font of each grapheme cluster the way Chromium does for a
/// `font-family` of one family and no generic family:
/// 1. the requested family at the requested weight and style;
/// 2. the default standard font (Times New Roman, i.e. Liberation Serif) at that weight and style;
/// 3. fontconfig's font for the cluster's first character, regular face.
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
        let primaryFace =
            resolver.face(for: resolver.match(family: font.family, weight: font.weight, italic: font.italic))
            ?? resolver.face(
                for: resolver.match(family: FontResolver.defaultStandardFamily, weight: font.weight, italic: font.italic))
        guard let primaryFace else { return nil }
        fonts = [ScaledFont(face: primaryFace, size: font.size)]
        indexByFace[ObjectIdentifier(primaryFace)] = 0
        let standardFace = resolver.face(
            for: resolver.match(family: FontResolver.defaultStandardFamily, weight: font.weight, italic: font.italic))
        defaultStandard = standardFace.map { ScaledFont(face: $0, size: font.size) }
    }

    var primary: ScaledFont { fonts[Self.primaryIndex] }

    /// Index into `fonts` of the font that draws a cluster made of `scalars`.
    ///
    /// Chromium falls back by ranges: the characters the primary font lacks are
    /// reshaped together with the font found for the first of them, and only
    /// what that font lacks looks further. So a cluster right after one drawn by
    /// a system fallback font (`continuing`) stays in that font when it can,
    /// e.g. the danda after Devanagari letters.
    mutating func fontIndex(forCluster scalars: [UInt32], continuing: Int?) -> (index: Int, isSystemFallback: Bool) {
        // Most clusters are one character the requested font has.
        if scalars.count == 1, scalars[0] < 0x20 || primary.face.hasGlyph(for: scalars[0]) {
            return (Self.primaryIndex, false)
        }
        let significant = scalars.filter { !EmojiPresentation.isIgnorableForCoverage($0) }
        guard let first = significant.first, first >= 0x20 else { return (Self.primaryIndex, false) }
        let needsEmojiVariation = EmojiPresentation.requiresEmojiVariation(scalars)

        func covers(_ face: FontFace) -> Bool {
            if needsEmojiVariation,
                !face.hasVariationGlyph(for: first, selector: EmojiPresentation.variationSelector16)
            {
                return false
            }
            return significant.allSatisfy(face.hasGlyph(for:))
        }

        if covers(primary.face) { return (Self.primaryIndex, false) }
        if let defaultStandard, covers(defaultStandard.face) { return (index(of: defaultStandard.face), false) }
        if let continuing, covers(fonts[continuing].face) { return (continuing, true) }
        let emoji = EmojiPresentation.isEmojiCluster(scalars)
        if let face = resolver.face(for: resolver.fallbackMatch(for: first, emoji: emoji)) {
            return (index(of: face), true)
        }
        return (Self.primaryIndex, false)
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
