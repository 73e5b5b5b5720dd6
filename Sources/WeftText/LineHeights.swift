/// Line box heights and baselines.
struct LineHeights {
    let fixedLineHeight: Double?

    /// A line's height and the distance from its top to its baseline.
    /// With a fixed `line-height` every line box is exactly that tall and the
    /// primary font sits in its middle (half-leading). With `normal`, the box
    /// spans the fonts actually used on the line, the primary font always included.
    func box(for fontIndices: Set<Int>, fonts: [ScaledFont]) -> (height: Double, baseline: Double) {
        let primary = fonts[FontFallbackChain.primaryIndex].normalLineExtents
        if let fixedLineHeight {
            let halfLeading = ((fixedLineHeight - (primary.above + primary.below)) / 2).rounded(.down)
            return (fixedLineHeight, halfLeading + primary.above)
        }
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
