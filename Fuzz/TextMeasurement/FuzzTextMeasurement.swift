// libFuzzer target: text measurement with adversarial Unicode. Each input byte
// below 0xC0 adds one scalar from a palette of troublemakers (combining marks by
// the hundred, joiners, bidi controls, variation selectors, emoji modifiers and
// tags, Hangul jamo, scripts without spaces, unassigned and private-use code
// points, line and paragraph separators); bytes from 0xC0 repeat the previous
// scalar, so one grapheme can grow very long. The text is measured under several
// widths and line limits. Checks: finite, non-negative sizes within the bounds
// asked for, a line count that fits the text, and the time budget, which a
// measurement that grows faster than its text outruns.
import WeftLayout
import WeftText

private let palette: [Unicode.Scalar] = [
    "a", "W", " ", "\u{00A0}", "-", "\u{00AD}", "\n", "\u{2028}", "\u{2029}", "\t",
    "\u{0301}", "\u{0308}", "\u{0327}", "\u{20DD}", "\u{0489}", "\u{1AB0}", "\u{1DC0}", "\u{FE20}",
    "\u{200D}", "\u{200C}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{034F}",
    "\u{202E}", "\u{202D}", "\u{2067}", "\u{2069}", "\u{061C}", "\u{200F}",
    "\u{FE0F}", "\u{FE0E}", "\u{E0100}", "\u{1F3FB}", "\u{1F468}", "\u{1F469}", "\u{1F467}", "\u{1F3F4}",
    "\u{E0067}", "\u{E0062}", "\u{E007F}", "\u{1F1FA}", "\u{1F1F8}", "\u{2764}",
    "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}",
    "\u{0E01}", "\u{0E31}", "\u{0E48}", "\u{0915}", "\u{094D}", "\u{0937}", "\u{0627}", "\u{0644}", "\u{064B}",
    "\u{05D0}", "\u{05B8}", "\u{4E00}", "\u{3002}", "\u{FF01}", "\u{3042}", "\u{1000}", "\u{103A}", "\u{0F40}",
    "\u{0378}", "\u{E000}", "\u{F8FF}", "\u{10FFFD}", "\u{FFFD}", "\u{FFFF}", "\u{1D400}", "\u{12000}",
    "\u{0000}", "\u{0007}", "\u{007F}", "\u{0085}", "\u{00E9}", "\u{FB01}", "\u{1E9E}", "\u{0130}",
]
private let families = ["DejaVu Sans", "sans-serif", "Noto Color Emoji", "monospace"]
/// Loading a family's fonts happens once per process and is not the input's cost.
private let fontsLoaded: Bool = {
    let sample = String(String.UnicodeScalarView(palette))
    for family in families {
        _ = WeftTextMeasurer.shared.measure(TextContent(text: sample, font: FontDescriptor(family: family)),
                                            maxWidth: 100, maxHeight: .infinity)
    }
    return true
}()
private let widths: [Double] = [.infinity, 0, 1, 37.5, 320, 1e-300]
private let truncations: [Truncation] = [.tail, .head, .middle, .clip]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextMeasurement(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = fontsLoaded
    var input = FuzzInput(data, size)
    let settings = input.byte()
    var text = String.UnicodeScalarView()
    var last: Unicode.Scalar = "a"
    for byte in input.remaining {
        if byte >= 0xC0 {
            for _ in 0..<Int(byte - 0xBF) { text.append(last) }
        } else {
            last = palette[Int(byte) % palette.count]
            text.append(last)
        }
    }
    // A byte of 0xC0 or more repeats the last scalar, so the budget counts the
    // scalars measured, which is the measurement's own input.
    let budget = FuzzBudget(bytes: max(size, text.count))
    let content = TextContent(
        text: String(text),
        font: FontDescriptor(family: families[Int(settings) % families.count], size: [14, 0.5, 200][Int(settings >> 2) % 3],
                             weight: settings & 16 == 0 ? 400 : 700, italic: settings & 32 != 0),
        maxLines: Int(settings >> 6), truncation: truncations[Int(settings >> 4) % truncations.count],
        letterSpacing: settings & 8 == 0 ? 0 : -3,
        overflowWrap: [nil, .normal, .anywhere, .breakWord][Int(settings) % 4])
    for width in widths {
        let measured = WeftTextMeasurer.shared.measure(content, maxWidth: width, maxHeight: .infinity)
        let size = measured.size
        fuzzCheck(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                  "size \(size) at width \(width)")
        fuzzCheck(measured.lineCount >= 0 && measured.lineCount <= max(1, text.count + 1),
                  "\(measured.lineCount) lines for \(text.count) scalars")
        if content.maxLines > 0 {
            fuzzCheck(measured.lineCount <= content.maxLines, "\(measured.lineCount) lines past maxLines \(content.maxLines)")
        }
    }
    budget.check("measuring \(text.count) scalars")
    return 0
}
