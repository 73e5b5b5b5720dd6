import WeftLayout

/// What the last shown line of a truncated text holds, token included.
///
/// - `tail` follows Chromium's `-webkit-line-clamp` (and `text-overflow:
///   ellipsis` on one line): the last line keeps its own characters, as many
///   from its start as fit with the token after them. Under `white-space:
///   pre-wrap` a space before the token is kept, as Chromium draws it.
/// - `head` and `middle` have no CSS counterpart and follow TextKit as
///   Texture's ASTextNode2 and ASTextLayout.mm use it: the last line is
///   extended to the end of the text (line feeds read as spaces) and cut into
///   the width with the token at its start (`head`) or between a start and an
///   end of equal length (`middle`).
/// - `clip` shows the lines as wrapped, without a token.
///
/// A token wider than the line leaves the token alone on it.
enum LineTruncation {
    /// Characters looked at from the end of the text for `head` and `middle`:
    /// far more than any line holds, and it bounds the work for huge texts.
    static let maxSourceUnits = 4096

    static func truncate(
        _ content: SanitizedText, units: [UInt16], lastLine: TextLayout.Line, maxWidth: Double
    ) -> String {
        let before = String(decoding: units[0..<lastLine.start], as: UTF16.self)
        func result(_ pieces: [(text: String, style: StyleRun.Style)]) -> String {
            before + pieces.map(\.text).joined()
        }
        guard content.truncation != .clip else { return result(content.pieces(lastLine.start..<lastLine.end, of: units)) }
        let token = content.tokenPieces
        guard width(token, content) <= maxWidth else { return result(token) }

        var source: [UInt16]
        var sourceStart = lastLine.start
        if content.truncation == .tail {
            source = Array(units[lastLine.start..<lastLine.end])
        } else {
            sourceStart = max(lastLine.start, units.count - maxSourceUnits)
            source = units[sourceStart...].map { $0 == 0x0A ? 0x20 : $0 }
        }
        // Pieces of the source keep the styles of the text they came from.
        let styled = SanitizedText(
            pieces: content.pieces(sourceStart..<(sourceStart + source.count), of: units).map { piece in
                (String(piece.text.map { $0 == "\n" ? " " : $0 }), piece.style)
            }, base: content)
        let ends = [0] + ICUBreaks.graphemeEnds(source)
        func candidate(keeping kept: Int) -> [(text: String, style: StyleRun.Style)] {
            let keptPrefix: Int
            let keptSuffix: Int
            switch content.truncation {
            case .tail: (keptPrefix, keptSuffix) = (kept, 0)
            case .head: (keptPrefix, keptSuffix) = (0, kept)
            default: (keptPrefix, keptSuffix) = ((kept + 1) / 2, kept / 2)
            }
            let graphemes = ends.count - 1
            let prefix = styled.pieces(0..<ends[keptPrefix], of: source)
            let suffix = styled.pieces(ends[graphemes - keptSuffix]..<source.count, of: source)
            return prefix + token + suffix
        }
        // The most graphemes that fit with the token: widths grow with what is kept.
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if width(candidate(keeping: middle), content) <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return result(candidate(keeping: low))
    }

    /// The width of one line of styled pieces, as laid out unbounded.
    private static func width(_ pieces: [(text: String, style: StyleRun.Style)], _ base: SanitizedText) -> Double {
        TextLayout(SanitizedText(pieces: pieces, base: base), maxWidth: .infinity).lines.map(\.width).max() ?? 0
    }
}
