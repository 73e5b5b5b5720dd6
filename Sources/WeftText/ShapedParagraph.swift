/// One grapheme cluster of a paragraph, measured.
struct MeasuredCluster {
    enum Kind: UInt8 {
        case text
        /// U+0020: preserved by `pre-wrap`, and hangs past the edge at a soft wrap.
        case space
        /// U+0009: advances to the next tab stop, and hangs like a space.
        case tab
        /// Other control characters, which Chromium draws as nothing: line
        /// and form feeds, and carriage returns.
        case control
        /// NUL, DEL and the C1 controls: drawn as nothing too, but in the font
        /// that fallback picks for them, whose metrics count in the line's
        /// height, as Chromium lays them out.
        case invisibleControl
        /// The other C0 controls (U+0001 to U+001F but tab, line feed, form
        /// feed and carriage return), which CSS Text draws as a visible glyph:
        /// Chromium takes the primary font's (its .notdef where it has none).
        case visibleControl
        /// U+2028 and U+2029: under `pre-wrap` a character of the primary
        /// font, not a break. Where that font has no glyph for it, Chromium
        /// gives it the font's space advance rather than a fallback font's glyph.
        case separator
        /// U+00AD (`hyphens: manual`): invisible, but a line broken after it shows a hyphen.
        case softHyphen
        /// U+3000: drawn as text in its font, but it hangs at a soft wrap as a
        /// space does, as Chromium lays it out under `pre-wrap` (the other space
        /// separators, U+2000 to U+200A among them, do not hang there).
        case ideographicSpace

        /// Preserved white space: hangs past the edge instead of wrapping, and
        /// does not count in the width of a line it ends at a soft wrap.
        var hangs: Bool { self == .space || self == .tab || self == .ideographicSpace }

        /// Shaped and drawn in a font: text, and the ideographic space.
        var isText: Bool { self == .text || self == .ideographicSpace }

        /// Given a font by fallback where the primary font has no glyph.
        var choosesFont: Bool { isText || self == .invisibleControl }

        /// Set in a font, whose metrics count in the line's height.
        var drawsGlyph: Bool { choosesFont || self == .visibleControl || self == .separator }

        init(scalars: [UInt32]) {
            guard let first = scalars.first else {
                self = .control
                return
            }
            switch first {
            case 0x20: self = .space
            case 0x09: self = .tab
            case 0xAD: self = .softHyphen
            case 0x3000: self = .ideographicSpace
            case 0x01...0x08, 0x0B, 0x0E...0x1F: self = .visibleControl
            case 0x2028, 0x2029: self = .separator
            case 0x00, 0x7F..<0xA0: self = .invisibleControl
            case 0x00..<0x20: self = .control
            default: self = .text
            }
        }
    }

    // Declared widest first: a long text holds one of these per character.
    /// 16.16 px, letter-spacing and CJK punctuation trimming included.
    var advance: Int64
    /// Kerning with the next cluster: gone when a line ends after this one,
    /// because Chromium reshapes the end of a line cut inside a word.
    var kernToNext: Int64 = 0
    /// How much narrower the cluster may become as the last of a line that
    /// would not fit otherwise (CJK closing punctuation, `text-spacing-trim`).
    var trimmableAtLineEnd: Int64 = 0
    /// Index into the text's `FontFallbackChain.fonts`.
    var fontIndex: Int16
    var kind: Kind
    /// First cluster of a bidi run: Chromium lays each run out as an item of its
    /// own and rounds its width up to a layout unit separately.
    var startsItem = false
    /// UAX #14 (as tailored) allows a line to end after this cluster.
    var breakAfter: Bool
    /// Index into the text's styles (its spans' distinct fonts and letter-spacings; 0 is the element's).
    var style: Int16 = 0
}

/// A paragraph (the text between two line feeds) cut into grapheme clusters
/// with their widths, fonts and line-break opportunities.
struct ShapedParagraph {
    var clusters: [MeasuredCluster]
    /// Each cluster's first UTF-16 offset in the paragraph.
    var clusterStarts: [Int]
}
