/// One flex line: a run of the container's flow children (absolutely
/// positioned ones are skipped wherever a line is walked).
struct FlexLine: Sendable {
    /// Range in the container's flow children.
    var start: Int
    var end: Int
    var itemCount = 0
    var autoMarginCount = 0
    /// Sum of the items' outer hypothetical main sizes and the gaps between.
    var sizeConsumed = 0.0
    var totalGrow = 0.0
    var totalScaledShrink = 0.0
    /// The line's main size including the container's padding and border.
    var mainSize = 0.0
    var crossSize = 0.0
    /// Largest distance from a baseline-aligned item's outer cross-start
    /// edge to its baseline, and from the baseline to the outer cross-end.
    var maxAscent = 0.0
    var maxDescent = 0.0
    /// Offset of the line's cross-start edge from the content box's.
    var crossOffset = 0.0
}

/// CSS Flexbox §9.3 steps 5-6: collecting items into lines.
extension FlexLayoutPass {
    /// Starting at flow child `start`, takes items until the next one's outer
    /// hypothetical main size would overflow the line (when wrapping): §9.3.5.
    mutating func collectLine(
        _ n: Int, from start: Int, lineIndex: Int, mainAxis: FlexDirection, mainGap: Double,
        availableMain: Double, reference: Size, wraps: Bool
    ) -> FlexLine {
        var line = FlexLine(start: start, end: start)
        let count = Int(tree.nodes[n].flowCount)
        var i = start
        while i < count {
            let c = tree[flowChildOf: n, at: i]
            if (tree.nodes[c].style.positionType == .absolute) {
                i += 1
                continue
            }
            let outer =
                boundItem(c, mainAxis, tree.nodes[c].layout.flexBasis, reference.along(mainAxis), reference.width)
                + marginSum(c, mainAxis, reference.width)
            let gap = line.itemCount > 0 ? mainGap : 0
            if wraps, line.itemCount > 0, line.sizeConsumed + outer + gap > availableMain {
                break
            }
            if tree.nodes[c].style.margin[mainAxis.startEdge].isAuto { line.autoMarginCount += 1 }
            if tree.nodes[c].style.margin[mainAxis.endEdge].isAuto { line.autoMarginCount += 1 }
            tree.nodes[c].layout.lineIndex = lineIndex
            line.sizeConsumed += outer + gap
            line.totalGrow += tree.nodes[c].style.flexGrow
            line.totalScaledShrink += tree.nodes[c].style.flexShrink * tree.nodes[c].layout.flexBasis
            line.itemCount += 1
            i += 1
        }
        line.end = i
        return line
    }
}
