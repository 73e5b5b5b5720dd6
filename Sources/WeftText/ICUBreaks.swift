import CICUShim

/// ICU's segmentation of one paragraph (UTF-16 code units, as ICU counts them).
enum ICUBreaks {
    /// Ends of the extended grapheme clusters, the paragraph's end included.
    static func graphemeEnds(_ text: [UInt16]) -> [Int] {
        boundaries(text, using: weft_grapheme_boundaries)
    }

    /// Offsets where UAX #14 allows a line to end, the paragraph's end included.
    static func lineBreakOpportunities(_ text: [UInt16]) -> [Int] {
        boundaries(text, using: weft_line_break_opportunities)
    }

    /// Bidi embedding level of each code unit in a paragraph of the given
    /// direction; the paragraph's own level everywhere when ICU cannot resolve them.
    static func bidiLevels(_ text: [UInt16], rightToLeft: Bool = false) -> [UInt8] {
        let paragraphLevel: UInt8 = rightToLeft ? 1 : 0
        var levels = [UInt8](repeating: paragraphLevel, count: text.count)
        guard !text.isEmpty else { return levels }
        let status = text.withUnsafeBufferPointer { units in
            levels.withUnsafeMutableBufferPointer {
                weft_bidi_levels(units.baseAddress, Int32(units.count), paragraphLevel, $0.baseAddress)
            }
        }
        if status != 0 { return [UInt8](repeating: paragraphLevel, count: text.count) }
        return levels
    }

    /// Whether the first strong character is right-to-left (`dir=auto`); false without one.
    static func startsRightToLeft(_ text: [UInt16]) -> Bool {
        text.withUnsafeBufferPointer { weft_base_direction_is_rtl($0.baseAddress, Int32($0.count)) != 0 }
    }

    private static func boundaries(
        _ text: [UInt16],
        using iterate: (UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>?, Int32) -> Int32
    ) -> [Int] {
        guard !text.isEmpty else { return [] }
        var found = [Int32](repeating: 0, count: text.count + 1)
        let count = text.withUnsafeBufferPointer { units in
            found.withUnsafeMutableBufferPointer {
                iterate(units.baseAddress, Int32(units.count), $0.baseAddress, Int32($0.count))
            }
        }
        // Without ICU every code unit stands alone, which still never splits the text wrongly for measuring.
        guard count > 0 else { return Array(1...text.count) }
        return found[0..<Int(count)].map(Int.init)
    }
}
