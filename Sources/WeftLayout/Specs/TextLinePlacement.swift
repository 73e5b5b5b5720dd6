/// Places a measured text's lines inside its frame: the frame keeps its width
/// (the longest line, or what the range forced), and each line sits where
/// `alignment` and the paragraph direction put it, as CSS `text-align` does
/// in a box of that width.
enum TextLinePlacement {
    static func place(_ measurement: TextMeasurement, _ content: TextContent, width: Double) -> [TextLine] {
        let lines = measurement.lines
        let units = content.alignment == .justified ? Array(content.text.utf16) : []
        return lines.indices.map { index in
            var line = lines[index]
            let room = width - line.frame.width
            switch resolved(content.alignment, rightToLeft: measurement.isRightToLeft) {
            case .left: break
            case .right: line.frame.x = room
            case .center: line.frame.x = room / 2
            case .justified:
                // A justified line fills the width, except the last line of a
                // paragraph (the text's last, or one ending at a line feed) and a
                // line with nowhere to put the room (one word: no space inside it).
                if index + 1 < lines.count, !endsParagraph(line, units),
                    hasJustificationOpportunity(line, units)
                {
                    line.frame.width = max(line.frame.width, width)
                } else if measurement.isRightToLeft {
                    line.frame.x = room
                }
            }
            return line
        }
    }

    private enum Placement { case left, right, center, justified }

    private static func resolved(_ alignment: TextAlignment, rightToLeft: Bool) -> Placement {
        switch alignment {
        case .natural: return rightToLeft ? .right : .left
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        }
    }

    /// A space between the line's words, or CJK text (justified between its
    /// characters); spaces hanging at the line's end do not count.
    private static func hasJustificationOpportunity(_ line: TextLine, _ units: [UInt16]) -> Bool {
        var end = min(line.end, units.count)
        while end > line.start, units[end - 1] == 0x20 { end -= 1 }
        guard end - line.start > 1 else { return false }
        return units[line.start..<end].contains { unit in
            unit == 0x20 || unit == 0x3000 || (0x3040...0x9FFF).contains(unit) || (0xAC00...0xD7AF).contains(unit)
        }
    }

    private static func endsParagraph(_ line: TextLine, _ units: [UInt16]) -> Bool {
        guard line.end < units.count, line.end >= 0 else { return true }
        return units[line.end] == 0x0A
    }
}
