import WeftLayout

/// Test-only text measurer for the Ahem font (every glyph, space included,
/// 1 em wide; ascent 0.8 em, descent 0.2 em) under the text README's model:
/// `white-space: pre-wrap`, breaks at spaces, a word longer than the line
/// breaks anywhere, spaces at a soft wrap hang and do not count; width is the
/// longest line, height the lines times the line height.
///
/// `breaksLongWords: false` is Chrome's default `overflow-wrap: normal`
/// instead (a long word overflows its line), which is what the yoga-text
/// fixtures were rendered with (Yoga's gentest page does not set it).
struct FlexAhemMeasurer: TextMeasuring {
    var breaksLongWords = true

    func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement {
        let em = content.font.size
        let lineHeight = content.lineHeight ?? em
        let limit = maxWidth.isNaN ? Double.infinity : maxWidth
        var widest = 0.0
        var lineCount = 0
        for paragraph in content.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let (lines, width) = wrap(paragraph.split(separator: " ", omittingEmptySubsequences: false).map(\.count), em, limit)
            lineCount += lines
            widest = Swift.max(widest, width)
        }
        if content.text.isEmpty { lineCount = 0 }
        let height = Double(lineCount) * lineHeight
        let ascent = 0.8 * em + (lineHeight - em) / 2
        return TextMeasurement(
            size: Size(width: widest, height: height), lineCount: lineCount, truncated: false,
            firstBaseline: ascent, lastBaseline: height - lineHeight + ascent)
    }

    /// Greedy wrap of words (lengths in characters) separated by single spaces.
    private func wrap(_ words: [Int], _ em: Double, _ limit: Double) -> (lines: Int, width: Double) {
        var lines = 1
        var widest = 0.0
        var current = 0.0
        var lineHasContent = false
        for (i, length) in words.enumerated() {
            var word = Double(length) * em
            let space = i > 0 ? em : 0
            if lineHasContent || i > 0 && current > 0 {
                if current + space + word <= limit {
                    current += space + word
                    lineHasContent = true
                    continue
                }
                // Soft wrap: the space hangs at the end of the line.
                widest = Swift.max(widest, current)
                lines += 1
                current = 0
            } else if i > 0 {
                current += space
            }
            // A word wider than the line breaks anywhere (overflow-wrap: anywhere).
            let perLine = Swift.max(1, (limit / em).rounded(.down))
            while breaksLongWords, word > limit, limit.isFinite {
                widest = Swift.max(widest, perLine * em)
                lines += 1
                word -= perLine * em
            }
            current += word
            lineHasContent = current > 0
        }
        widest = Swift.max(widest, current)
        return (lines, Swift.min(widest, limit.isFinite ? Swift.max(widest, 0) : widest))
    }
}
