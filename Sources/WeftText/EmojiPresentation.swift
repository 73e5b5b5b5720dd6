/// Which grapheme clusters Chromium treats as emoji when it picks a font.
enum EmojiPresentation {
    static let variationSelector16: UInt32 = 0xFE0F
    static let variationSelector15: UInt32 = 0xFE0E
    static let zeroWidthJoiner: UInt32 = 0x200D
    static let combiningKeycap: UInt32 = 0x20E3

    /// The cluster asks for the emoji glyph explicitly (VS16): only a font that maps
    /// that variation sequence may draw it.
    static func requiresEmojiVariation(_ scalars: [UInt32]) -> Bool {
        scalars.contains(variationSelector16)
    }

    /// The cluster is an emoji sequence, so fallback looks for it as emoji
    /// (colour emoji font first) rather than as text.
    static func isEmojiCluster(_ scalars: [UInt32]) -> Bool {
        guard let first = scalars.first, let base = Unicode.Scalar(first) else { return false }
        if scalars.contains(variationSelector15) { return false }
        if scalars.contains(variationSelector16) || scalars.contains(combiningKeycap) { return true }
        if (0x1F1E6...0x1F1FF).contains(first) { return true }  // regional indicators (flags)
        if scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0) }) { return true }  // skin tones
        let properties = base.properties
        if properties.isEmojiPresentation || properties.isEmojiModifierBase { return true }
        return scalars.contains(zeroWidthJoiner) && properties.isEmoji
    }

    /// Scalars that need no glyph of their own for a font to cover the cluster
    /// (joiners, variation selectors, tags).
    static func isIgnorableForCoverage(_ scalar: UInt32) -> Bool {
        guard let value = Unicode.Scalar(scalar) else { return true }
        return value.properties.isDefaultIgnorableCodePoint || (0x1F3FB...0x1F3FF).contains(scalar)
    }
}
