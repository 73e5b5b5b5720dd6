import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// Line by line against the fixtures' `x-lines` (every line of the unclamped
/// text, with its width and height): a finer check of fallback fonts, line
/// heights and break positions than the sizes alone.
@Test func linesAgreeWithChromium() {
    let verbose = ProcessInfo.processInfo.environment["WEFT_TEXT_VERBOSE"] != nil
    var total = 0
    var agreeing = 0
    for fixture in TextFixture.loadTextSuite() {
        let layout = TextLayout(SanitizedText(fixture.content), maxWidth: fixture.maxWidth)
        total += fixture.expectedLines.count
        guard layout.lines.count == fixture.expectedLines.count else {
            if verbose { print("LINES \(fixture.name): \(layout.lines.count) instead of \(fixture.expectedLines.count)") }
            continue
        }
        for (line, expected) in zip(layout.lines, fixture.expectedLines) {
            if abs(line.width - expected.width) <= fixture.tolerance && line.height == expected.height {
                agreeing += 1
            } else if verbose {
                print("LINE \(fixture.name) \(expected.text.debugDescription): \(line.width)x\(line.height), expected \(expected.width)x\(expected.height)")
            }
        }
    }
    print("conformance/text lines: \(agreeing)/\(total)")
    #expect(total > 1500)
    #expect(Double(agreeing) >= 0.99 * Double(total))
}
