/// Line box heights and baselines.
struct LineHeights {
    let fixedLineHeight: Double?

    /// A line's height and the distance from its top to its baseline.
    /// With a fixed `line-height` every line box is exactly that tall and the
    /// primary font sits in its middle (half-leading). With `normal`, the box
    /// spans the fonts actually used on the line, the primary font always included.
    func box(for fontIndices: Set<Int>, fonts: [ScaledFont]) -> (height: Double, baseline: Double) {
        let primaryFont = fonts[FontFallbackChain.primaryIndex]
        if let fixedLineHeight {
            // The leading is split around the primary font's ascent and descent
            // (its line gap plays no part), the odd pixel going below.
            let metrics = primaryFont.roundedVerticalMetrics
            let halfLeading = ((fixedLineHeight - (metrics.ascent + metrics.descent)) / 2).rounded(.down)
            return (fixedLineHeight, halfLeading + metrics.ascent)
        }
        let primary = primaryFont.normalLineExtents
        var above = primary.above
        var below = primary.below
        for index in fontIndices where index != FontFallbackChain.primaryIndex {
            let extents = fonts[index].normalLineExtents
            above = max(above, extents.above)
            below = max(below, extents.below)
        }
        return (above + below, above)
    }
}
