import WeftLayout

/// A `TextContent` made safe to lay out: bounded length, finite sizes.
/// Also the typographic half of the measurement cache's key.
struct SanitizedText: Hashable, Sendable {
    /// Longest text measured, in UTF-8 bytes; the rest is cut off and reported as truncated.
    static let maxTextBytes = 1 << 20
    /// Font sizes are clamped into this range (px); beyond it glyph maths would overflow.
    static let fontSizeRange = 0.0...10_000.0
    static let lineHeightRange = 0.0...1_000_000.0
    static let letterSpacingRange = -10_000.0...10_000.0

    let text: String
    let font: FontDescriptorKey
    let lineHeight: Double?
    let letterSpacing: Double
    let maxLines: Int
    /// `overflow-wrap: anywhere` or `break-word` (otherwise `normal`: long words overflow).
    let breaksLongWords: Bool
    /// The text was longer than `maxTextBytes` and was cut.
    let wasCut: Bool

    init(_ content: TextContent) {
        let cut = Self.prefix(content.text, maxBytes: Self.maxTextBytes)
        text = ClusterLengthCap.apply(cut)
        wasCut = cut.utf8.count != content.text.utf8.count
        font = FontDescriptorKey(
            family: content.font.family,
            size: Self.clamp(content.font.size, Self.fontSizeRange, otherwise: 16),
            weight: min(1000, max(1, content.font.weight)),
            italic: content.font.italic)
        lineHeight = content.lineHeight.map { Self.clamp($0, Self.lineHeightRange, otherwise: 0) }
        letterSpacing = Self.clamp(content.letterSpacing, Self.letterSpacingRange, otherwise: 0)
        maxLines = max(0, content.maxLines)
        // Outside a flex element, the text suite's model.
        breaksLongWords = content.resolvedOverflowWrap(inFlex: false).breaksLongWords
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>, otherwise fallback: Double) -> Double {
        value.isNaN ? fallback : min(range.upperBound, max(range.lowerBound, value))
    }

    /// The longest prefix of whole Unicode scalars within `maxBytes` of UTF-8.
    private static func prefix(_ text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maxBytes)
        while end > text.startIndex, end.samePosition(in: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        return String(text.unicodeScalars[..<end])
    }
}
