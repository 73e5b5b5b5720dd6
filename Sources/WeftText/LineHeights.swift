/// Line box heights and baselines, as CSS builds a line box out of the
/// element's strut and the inline box of each span on the line, all on one baseline.
struct LineHeights {
    let fixedLineHeight: Double?

    /// A font a line uses: its style (0 is the element's own) and its index in that style's fallback chain.
    struct UsedFont: Equatable {
        var style: Int16
        var font: Int16
    }

    /// A line's height and the distance from its top to its baseline.
    /// With a fixed `line-height` every inline box is exactly that tall, its
    /// primary font in the middle (half-leading). With `normal`, a box spans the
    /// fonts it actually uses, its primary font always included. The element's
    /// strut (style 0) counts on every line; so the line is as tall as the
    /// tallest boxes above and below the shared baseline.
    func box(styles: [Int16], used: [UsedFont], chains: [FontFallbackChain]) -> (height: Double, baseline: Double) {
        var above = -Double.infinity
        var below = -Double.infinity
        func include(_ extents: (above: Double, below: Double)) {
            above = max(above, extents.above)
            below = max(below, extents.below)
        }
        include(extents(of: chains[0].primary))
        for style in styles where style != 0 { include(extents(of: chains[Int(style)].primary)) }
        if fixedLineHeight == nil {
            for font in used where font.font != FontFallbackChain.primaryIndex {
                include(chains[Int(font.style)].fonts[Int(font.font)].normalLineExtents)
            }
        }
        return (above + below, above)
    }

    private func extents(of primary: ScaledFont) -> (above: Double, below: Double) {
        guard let fixedLineHeight else { return primary.normalLineExtents }
        // The leading is split around the font's ascent and descent (its line
        // gap plays no part), the odd pixel going below.
        let metrics = primary.roundedVerticalMetrics
        let halfLeading = ((fixedLineHeight - (metrics.ascent + metrics.descent)) / 2).rounded(.down)
        let above = halfLeading + metrics.ascent
        return (above, fixedLineHeight - above)
    }
}
