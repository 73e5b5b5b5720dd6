/// CSS Flexbox §9.4 steps 15-16 and §9.6: line cross sizes, `align-content`
/// and `align-self` (CSS Align §5.4, §6.1), including stretching.
extension FlexLayoutPass {
    mutating func alignCrossAxis(_ n: Int, lines range: Range<Int>, crossGap: Double, totalCross: Double, _ k: LineConstraints) {
        let cross = k.crossAxis
        let innerCross = tree.nodes[n].layout.measured.along(cross) - k.pb.sum(along: cross)
        let flexWrap = tree.nodes[n].style.flexWrap
        let wrapReverse = flexWrap == .wrapReverse

        var leading = 0.0
        var between = 0.0
        var stretchShare = 0.0
        if flexWrap == .noWrap {
            // §9.4.15: a single-line container's line is as tall as the
            // container's inner cross size (already clamped by min/max).
            lines[range.lowerBound].crossSize = innerCross
        } else {
            // §9.4.16 / CSS Align §5.4: distribute the leftover cross space.
            let count = Double(range.count)
            let free = innerCross - totalCross
            switch contentAlignment(tree.nodes[n].style.alignContent, free: free, cross: cross, direction: k.direction, wrapReverse: wrapReverse) {
            case .flexEnd: leading = free
            case .center: leading = free / 2
            case .stretch: if free > 0 { stretchShare = free / count }
            case .spaceBetween: if range.count > 1 { between = free / (count - 1) }
            case .spaceAround:
                leading = free / (2 * count)
                between = free / count
            case .spaceEvenly:
                leading = free / (count + 1)
                between = leading
            default: break
            }
        }
        var offset = leading
        for l in range {
            if l > range.lowerBound { offset += crossGap + between }
            lines[l].crossSize += stretchShare
            lines[l].crossOffset = offset
            offset += lines[l].crossSize
            alignItems(n, line: lines[l], k)
        }
        if wrapReverse {
            // wrap-reverse swaps cross-start and cross-end (§5.2): lay out as
            // `wrap`, then mirror every item within the container.
            let size = tree.nodes[n].layout.measured.along(cross)
            for i in 0..<Int(tree.nodes[n].flowCount) {
                let c = tree[flowChildOf: n, at: i]
                if (tree.nodes[c].style.positionType == .absolute) { continue }
                let p = tree.nodes[c].layout.position[cross.startEdge]
                tree.nodes[c].layout.position[cross.startEdge] = size - p - measured(c, cross)
            }
        }
    }

    /// `align-content` reduced to flex-relative values, with CSS Align's
    /// fallbacks for negative free space (§4.3): `space-between` and
    /// `stretch` to `flex-start`, `space-around`/`space-evenly` to
    /// `safe center`, i.e. `start`.
    func contentAlignment(_ value: Align, free: Double, cross: FlexDirection, direction: LayoutDirection, wrapReverse: Bool) -> Align {
        var v = value
        if free < 0 {
            switch v {
            case .spaceBetween, .stretch: v = .flexStart
            case .spaceAround, .spaceEvenly: v = .start
            default: break
            }
        }
        return flexRelative(v, cross: cross, direction: direction, wrapReverse: wrapReverse)
    }

    /// CSS `start`/`end` name writing-mode sides, which `wrap-reverse` does
    /// not flip; map them to the flex-relative side they are on.
    func flexRelative(_ value: Align, cross: FlexDirection, direction: LayoutDirection, wrapReverse: Bool) -> Align {
        guard value == .start || value == .end else { return value }
        let crossStart = wrapReverse ? cross.endEdge : cross.startEdge
        let startIsFlexStart = crossStart == FlexLayoutPass.writingModeStart(cross, direction)
        return (value == .start) == startIsFlexStart ? .flexStart : .flexEnd
    }

    /// §9.6 (and §9.4.11 for stretch): places each item of a line on the
    /// cross axis; a stretched item is laid out again at the line's size.
    mutating func alignItems(_ n: Int, line: FlexLine, _ k: LineConstraints) {
        let cross = k.crossAxis, main = k.mainAxis
        let ownerWidth = k.inner.width
        let wrapReverse = tree.nodes[n].style.flexWrap == .wrapReverse
        // Items are placed as for `wrap` and mirrored afterwards, so with
        // wrap-reverse the cross-start side (§5.2: the far side) is measured
        // here as if it were the near one: its padding, border and margins.
        let startEdge = wrapReverse ? cross.endEdge : cross.startEdge
        let endEdge = wrapReverse ? cross.startEdge : cross.endEdge
        let crossStartPB = k.pb[startEdge]
        forEachItem(n, line) { pass, c in
            // Single fields, not the whole style: this closure recurses.
            let startAuto = pass.tree.nodes[c].style.margin[startEdge].isAuto
            let endAuto = pass.tree.nodes[c].style.margin[endEdge].isAuto
            let crossSizeProperty = cross.isRow ? pass.tree.nodes[c].style.width : pass.tree.nodes[c].style.height
            var align = pass.flexRelative(
                pass.alignSelf(c, parent: n), cross: cross, direction: k.direction, wrapReverse: wrapReverse)
            // Baselines are horizontal: in a column container they fall back
            // to flex-start (CSS Align §9.3).
            if align == .baseline, !main.isRow { align = .flexStart }
            let marginStart = pass.margin(c, startEdge, ownerWidth)
            let marginEnd = pass.margin(c, endEdge, ownerWidth)

            if align == .stretch, !startAuto, !endAuto, !crossSizeProperty.isIntrinsicKeyword,
                pass.definiteSize(c, cross, k.inner.along(cross), ownerWidth).isNaN
            {
                pass.stretch(c, to: line.crossSize, k)
            }
            let outer = pass.measured(c, cross) + marginStart + marginEnd
            let free = line.crossSize - outer
            var pos = marginStart
            if startAuto || endAuto {
                // §8.1: auto margins absorb the free space first (never negative).
                let share = Swift.max(0, free)
                if startAuto && endAuto {
                    pos += share / 2
                } else if startAuto {
                    pos += share
                }
            } else {
                switch align {
                case .flexEnd: pos += free
                case .center: pos += free / 2
                case .baseline:
                    // §8.3: baselines line up and the item reaching furthest
                    // from its baseline to the cross-start edge sits flush
                    // with it; with wrap-reverse that edge is the bottom.
                    let ascent = pass.baseline(c) + pass.margin(c, .top, ownerWidth)
                    if wrapReverse {
                        let descent = pass.measuredWithMargins(c, .column, ownerWidth) - ascent
                        pos = line.maxDescent - descent + marginStart
                    } else {
                        pos = line.maxAscent - ascent + marginStart
                    }
                default: break
                }
            }
            pass.tree.nodes[c].layout.position[cross.startEdge] = crossStartPB + line.crossOffset + pos
        }
    }

    /// §9.4.11: the used outer cross size is the line's, clamped by the item's
    /// min/max cross size; the item keeps its main size.
    mutating func stretch(_ c: Int, to lineCross: Double, _ k: LineConstraints) {
        let ownerWidth = k.inner.width
        let main = k.mainAxis, cross = k.crossAxis
        let ratio = tree.nodes[c].style.aspectRatio
        var mainSize = measuredWithMargins(c, main, ownerWidth)
        var crossSize: Double
        if ratio.isDefined {
            let innerMain = measured(c, main)
            crossSize = (main.isRow ? innerMain / ratio : innerMain * ratio)
                + marginSum(c, cross, ownerWidth)
        } else {
            crossSize = lineCross
        }
        var mainMode = SizingMode.exactly, crossMode = SizingMode.exactly
        constrainToMax(c, main, k.inner.along(main), ownerWidth, &mainMode, &mainSize)
        constrainToMax(c, cross, k.inner.along(cross), ownerWidth, &crossMode, &crossSize)
        let isRow = main.isRow
        layoutNode(
            c, available: Size(width: isRow ? mainSize : crossSize, height: isRow ? crossSize : mainSize),
            widthMode: isRow ? mainMode : crossMode, heightMode: isRow ? crossMode : mainMode,
            owner: k.inner, performLayout: true)
    }
}
