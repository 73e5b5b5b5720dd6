import CHarfBuzz

/// Shapes one run (one font, one script, one direction) with HarfBuzz and
/// reports each glyph's advance against the code unit it came from.
enum RunShaper {
    struct GlyphAdvance {
        /// UTF-16 offset in the paragraph of the glyph's cluster.
        let unit: Int
        /// 16.16 px.
        let advance: Int64
        /// The part of `advance` HarfBuzz added through positioning (kerning), 16.16 px.
        let adjustment: Int64
        /// HarfBuzz would shape differently if the text were cut before this glyph.
        let unsafeToBreak: Bool
    }

    /// Turning optional ligatures off is what CSS asks for when letter-spacing is not zero.
    static func features(letterSpacing: Double) -> [hb_feature_t] {
        guard letterSpacing != 0 else { return [] }
        return ["liga=0", "clig=0"].compactMap { text in
            var feature = hb_feature_t()
            return hb_feature_from_string(text, -1, &feature) != 0 ? feature : nil
        }
    }

    /// `paragraph` is passed whole so HarfBuzz sees the context around the run
    /// (Arabic joining across font changes).
    /// Calls `visit` with each glyph in visual order (no array of glyphs is kept:
    /// a long run would hold one per character).
    static func shape(
        _ paragraph: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: ScaledFont, script: hb_script_t,
        rightToLeft: Bool, features: [hb_feature_t], visit: (GlyphAdvance) -> Void
    ) {
        guard let buffer = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf16(
            buffer, paragraph.baseAddress, Int32(paragraph.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, english)
        features.withUnsafeBufferPointer { hb_shape(font.face.shapingFont, buffer, $0.baseAddress, UInt32($0.count)) }

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        for position in 0..<Int(count) {
            let glyph = infos[position].codepoint
            let shapedUnits = Int(positions[position].x_advance)
            let nominalUnits = font.face.nominalAdvanceUnits(of: glyph)
            // The glyph's own advance is FreeType's; what HarfBuzz added on top
            // (kerning, mark zeroing) it scales linearly, as it does in Blink.
            // Zeroed marks are not kerning; only real adjustments of a visible advance count.
            let adjustment = shapedUnits == 0 ? 0 : font.scaledLinearly16(units: shapedUnits - nominalUnits)
            let advance = shapedUnits == 0 ? 0 : font.advance16(glyph: glyph, units: nominalUnits) + adjustment
            let flags = hb_glyph_info_get_glyph_flags(&infos[position])
            visit(
                GlyphAdvance(
                    unit: Int(infos[position].cluster), advance: advance, adjustment: adjustment,
                    unsafeToBreak: (flags.rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0))
        }
    }

    nonisolated(unsafe) private static let english = hb_language_from_string("en-us", -1)
}
