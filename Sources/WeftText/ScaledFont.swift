import CFreeType

/// A face at one pixel size: converts font units to pixels exactly as FreeType
/// does for Chromium's unhinted, subpixel-positioned glyphs.
///
/// Advances are kept in 16.16 fixed point (1/65536 px) as integers, so sums are
/// exact and line widths round the way Blink rounds them (up to 1/64 px).
struct ScaledFont: Sendable {
    let face: FontFace
    let size: Double
    /// FreeType's `x_scale`: 16.16 factor from font units to 26.6 pixels.
    private let freeTypeScale: Int

    init(face: FontFace, size: Double) {
        self.face = face
        self.size = size
        let charSize26Dot6 = Int((size * 64).rounded())
        freeTypeScale = Int(FT_DivFix(FT_Long(charSize26Dot6), FT_Long(face.unitsPerEm)))
    }

    /// A glyph advance as FreeType reports it unhinted (`linearHoriAdvance`, 16.16 px);
    /// for a bitmap font, the strike's advance scaled to the size.
    func advance16(glyph: UInt32, units: Int) -> Int64 {
        if let strike = face.bitmapStrike, let advance = strike.advance26Dot6(of: glyph) {
            return Int64((Double(advance) * 1024 * size / Double(strike.pixelsPerEm)).rounded())
        }
        guard face.isScalable else { return scaledLinearly16(units: units) }
        return Int64(FT_MulDiv(FT_Long(units), FT_Long(freeTypeScale), 64))
    }

    /// Positioning adjustments (kerning, marks) that HarfBuzz scales linearly in 16.16.
    func scaledLinearly16(units: Int) -> Int64 {
        let value = Double(units) * size * 65536 / Double(face.unitsPerEm)
        return Int64(value.rounded())
    }

    /// Ascent, descent and gap in pixels, each rounded on its own as Blink does.
    var roundedVerticalMetrics: (ascent: Double, descent: Double, lineGap: Double) {
        let scale = size / Double(face.unitsPerEm)
        func round(_ units: Int) -> Double { (Double(units) * scale + 0.5).rounded(.down) }
        let metrics = face.verticalMetrics
        return (round(metrics.ascent), round(metrics.descent), round(metrics.lineGap))
    }

    /// The space a font needs above and below the baseline in a `line-height: normal`
    /// line box: the gap is split with the odd pixel below.
    var normalLineExtents: (above: Double, below: Double) {
        let metrics = roundedVerticalMetrics
        let halfGapAbove = (metrics.lineGap / 2).rounded(.down)
        return (metrics.ascent + halfGapAbove, metrics.descent + (metrics.lineGap - halfGapAbove))
    }
}
