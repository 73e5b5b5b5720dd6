import WeftLayout

/// A `TextContent` made safe to lay out: bounded length, finite sizes.
/// Also the typographic half of the measurement cache's key.
struct SanitizedText: Hashable, Sendable {
    /// Longest text measured, in UTF-8 bytes; the rest is cut off and reported
    /// as truncated. The service refuses longer texts before they get here.
    static let maxTextBytes = TextContent.maxTextBytes
    /// Font sizes are clamped into this range (px); beyond it glyph maths would overflow.
    static let fontSizeRange = 0.0...10_000.0
    static let lineHeightRange = 0.0...TextContent.maxLineHeight
    static let letterSpacingRange = -10_000.0...10_000.0
    /// Distinct styles one text may use, the element's own included (cluster
    /// style indices are 16-bit): more than a text of the service's most
    /// spans (10,000) can have, so every span keeps its own.
    static let maxStyles = 1 << 14

    let text: String
    let font: FontDescriptorKey
    let lineHeight: Double?
    let letterSpacing: Double
    let maxLines: Int
    /// `overflow-wrap: anywhere` or `break-word` (otherwise `normal`: long words overflow).
    let breaksLongWords: Bool
    /// The text was longer than `maxTextBytes` and was cut.
    let wasCut: Bool
    /// The text's styled runs, adjacent equal styles merged; empty when the
    /// whole text is in the element's style.
    let runs: [StyleRun]
    /// Empty spans in a style of their own: an empty inline box still counts
    /// in the height of the line it sits on (CSS 2.1 §10.8).
    let emptySpans: [EmptySpan]
    let truncation: Truncation
    /// The truncation token and its runs (empty: the token is in the element's style).
    let truncationText: String
    let truncationRuns: [StyleRun]
    let baseDirection: BaseDirection

    init(_ content: TextContent) {
        let cut = Self.prefix(content.text, maxBytes: Self.maxTextBytes)
        text = ClusterLengthCap.apply(cut)
        wasCut = cut.utf8.count != content.text.utf8.count
        font = Self.key(content.font)
        lineHeight = content.lineHeight.map { Self.clamp($0, Self.lineHeightRange, otherwise: 0) }
        letterSpacing = Self.clamp(content.letterSpacing, Self.letterSpacingRange, otherwise: 0)
        maxLines = max(0, content.maxLines)
        // Outside a flex element, the text suite's model.
        breaksLongWords = content.resolvedOverflowWrap(inFlex: false).breaksLongWords
        let element = StyleRun.Style(font: font, letterSpacing: letterSpacing)
        runs = Self.runs(content.spans, element: element, length: cut.utf16.count)
        emptySpans = Self.emptySpans(content.spans, element: element, length: cut.utf16.count)
        truncation = content.truncation
        if let token = content.truncationText {
            truncationText = token.map(\.text).joined()
            truncationRuns = Self.runs(token, element: element, length: truncationText.utf16.count)
        } else {
            truncationText = "\u{2026}"
            truncationRuns = []
        }
        baseDirection = content.baseDirection
    }

    /// One line of styled pieces in `base`'s typography, with no truncation:
    /// what truncation measures candidate lines with.
    init(pieces: [(text: String, style: StyleRun.Style)], base: SanitizedText) {
        text = pieces.map(\.text).joined()
        wasCut = false
        font = base.font
        lineHeight = base.lineHeight
        letterSpacing = base.letterSpacing
        maxLines = 0
        breaksLongWords = base.breaksLongWords
        emptySpans = []
        var runs: [StyleRun] = []
        for piece in pieces where !piece.text.isEmpty {
            let count = piece.text.utf16.count
            if let last = runs.last, last.style == piece.style {
                runs[runs.count - 1].length += count
            } else {
                runs.append(StyleRun(length: count, style: piece.style))
            }
        }
        let element = base.elementStyle
        self.runs = runs.count == 1 && runs[0].style == element ? [] : runs
        truncation = .clip
        truncationText = ""
        truncationRuns = []
        baseDirection = base.baseDirection
    }

    /// The styled pieces of the UTF-16 range `range` of `units` (this text's).
    func pieces(_ range: Range<Int>, of units: [UInt16]) -> [(text: String, style: StyleRun.Style)] {
        Self.pieces(range, of: units, runs: runs, element: elementStyle)
    }

    /// The truncation token as styled pieces.
    var tokenPieces: [(text: String, style: StyleRun.Style)] {
        let units = Array(truncationText.utf16)
        return Self.pieces(0..<units.count, of: units, runs: truncationRuns, element: elementStyle)
    }

    private static func pieces(
        _ range: Range<Int>, of units: [UInt16], runs: [StyleRun], element: StyleRun.Style
    ) -> [(text: String, style: StyleRun.Style)] {
        guard !runs.isEmpty else { return [(String(decoding: units[range], as: UTF16.self), element)] }
        var result: [(text: String, style: StyleRun.Style)] = []
        var start = 0
        for run in runs {
            let end = start + run.length
            let lower = max(start, range.lowerBound)
            let upper = min(end, range.upperBound)
            if lower < upper { result.append((String(decoding: units[lower..<upper], as: UTF16.self), run.style)) }
            start = end
            if start >= range.upperBound { break }
        }
        return result
    }

    var elementStyle: StyleRun.Style { StyleRun.Style(font: font, letterSpacing: letterSpacing) }

    private static func key(_ font: FontDescriptor) -> FontDescriptorKey {
        FontDescriptorKey(
            family: font.family,
            size: Self.clamp(font.size, Self.fontSizeRange, otherwise: 16),
            weight: min(1000, max(1, font.weight)),
            italic: font.italic)
    }

    /// Spans as runs of UTF-16 lengths covering `length` units, equal neighbours
    /// merged, empty spans dropped; no runs at all when everything is in `element`'s style.
    private static func runs(_ spans: [TextSpan], element: StyleRun.Style, length: Int) -> [StyleRun] {
        var runs: [StyleRun] = []
        var left = length
        for span in spans where left > 0 {
            let style = Self.style(of: span)
            let count = min(left, span.text.utf16.count)
            guard count > 0 else { continue }
            left -= count
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].length += count
            } else {
                runs.append(StyleRun(length: count, style: style))
            }
        }
        if left > 0 { runs.append(StyleRun(length: left, style: element)) }
        if runs.count == 1, runs[0].style == element { return [] }
        return runs
    }

    /// The empty spans whose style is not the element's (whose strut counts
    /// on every line anyway), each at the UTF-16 offset where it stands.
    private static func emptySpans(_ spans: [TextSpan], element: StyleRun.Style, length: Int) -> [EmptySpan] {
        var found: [EmptySpan] = []
        var offset = 0
        for span in spans {
            let count = span.text.utf16.count
            if count == 0 {
                let style = Self.style(of: span)
                if style != element { found.append(EmptySpan(offset: min(offset, length), style: style)) }
            }
            offset += count
        }
        return found
    }

    /// A span's typography, sanitized as the element's is.
    private static func style(of span: TextSpan) -> StyleRun.Style {
        StyleRun.Style(font: key(span.font), letterSpacing: clamp(span.letterSpacing, letterSpacingRange, otherwise: 0))
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

/// A stretch of a text in one style.
/// A span with no text: no run, but its inline box's height.
struct EmptySpan: Hashable, Sendable {
    /// UTF-16 offset in the text.
    var offset: Int
    let style: StyleRun.Style
}

struct StyleRun: Hashable, Sendable {
    struct Style: Hashable, Sendable {
        let font: FontDescriptorKey
        let letterSpacing: Double
    }

    /// UTF-16 code units.
    var length: Int
    let style: Style
}
