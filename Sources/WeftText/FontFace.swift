import CFreeType
import CHarfBuzz

/// One face of one font file, loaded once and shared by every layout thread.
///
/// HarfBuzz fonts are safe to shape with from many threads once they are made
/// immutable, and nothing here changes after `init`, hence `@unchecked Sendable`.
final class FontFace: @unchecked Sendable {
    let path: String
    let index: Int
    let postScriptName: String
    let unitsPerEm: Int
    /// Outline fonts scale freely; bitmap-only fonts (Noto Color Emoji) come in fixed strikes.
    let isScalable: Bool
    /// Ascender, descender (positive, below the baseline) and line gap in font units.
    let verticalMetrics: (ascent: Int, descent: Int, lineGap: Int)
    /// Shapes in font units (scale = unitsPerEm), so advances are exact integers
    /// that `ScaledFont` converts to pixels the way FreeType does.
    let shapingFont: OpaquePointer
    /// The font has alternate half-width metrics for CJK punctuation (GPOS
    /// `halt` or `chws`), which `text-spacing-trim` needs.
    let hasHalfWidthPunctuation: Bool
    /// Present for bitmap-only fonts, whose advances come from their strike.
    let bitmapStrike: BitmapStrike?

    init?(path: String, index: Int, library: FT_Library) {
        var ftFace: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &ftFace) == 0, let ftFace else { return nil }
        let scalable = (ftFace.pointee.face_flags & 1) != 0  // FT_FACE_FLAG_SCALABLE
        let name = FT_Get_Postscript_Name(ftFace).map { String(cString: $0) } ?? ""
        let strike = scalable ? nil : BitmapStrike(face: ftFace)
        // A bitmap strike keeps its face open for glyph loading; otherwise it is done with.
        if strike == nil { FT_Done_Face(ftFace) }
        guard scalable || strike != nil else { return nil }

        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, UInt32(index))
        defer { hb_face_destroy(face) }
        // FreeType reports no units per em for bitmap-only fonts; the head table has them.
        let units = Int(hb_face_get_upem(face))
        guard units > 0, let font = hb_font_create(face) else { return nil }
        self.path = path
        self.index = index
        unitsPerEm = units
        isScalable = scalable
        bitmapStrike = strike
        postScriptName = name
        hasHalfWidthPunctuation = Self.positioningFeatures(of: face).contains { $0 == Self.tag("halt") || $0 == Self.tag("chws") }
        hb_font_set_scale(font, Int32(units), Int32(units))
        hb_font_make_immutable(font)
        shapingFont = font

        // HarfBuzz picks the OS/2 typo metrics when USE_TYPO_METRICS is set and
        // the hhea ones otherwise, which is the choice Chromium makes.
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int {
            var value: hb_position_t = 0
            _ = hb_ot_metrics_get_position(font, tag, &value)
            return Int(value)
        }
        verticalMetrics = (
            ascent: metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
            descent: -metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
            lineGap: metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP))
    }

    deinit { hb_font_destroy(shapingFont) }

    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
    }

    private static func positioningFeatures(of face: OpaquePointer?) -> [hb_tag_t] {
        let table = tag("GPOS")
        var count = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        guard count > 0 else { return [] }
        var tags = [hb_tag_t](repeating: 0, count: Int(count))
        _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        return Array(tags.prefix(Int(count)))
    }

    func hasGlyph(for scalar: UInt32) -> Bool {
        nominalGlyph(for: scalar) != nil
    }

    /// The glyph the character map gives `scalar`, before any shaping.
    func nominalGlyph(for scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(shapingFont, scalar, &glyph) != 0 && glyph != 0 ? glyph : nil
    }

    /// Whether the font maps `scalar` followed by `selector` (e.g. VS16) to a glyph of its own.
    func hasVariationGlyph(for scalar: UInt32, selector: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_variation_glyph(shapingFont, scalar, selector, &glyph) != 0 && glyph != 0
    }

    func nominalAdvanceUnits(of glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(shapingFont, glyph))
    }
}
