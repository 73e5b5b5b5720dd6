/// CSS Flexbox §9.2 step 3: the flex base size of each item.
extension FlexLayoutPass {
    /// Computes every in-flow child's flex base size and returns the sum of
    /// their outer sizes (flex base size plus main-axis margins).
    mutating func computeFlexBaseSizes(
        _ n: Int, mainAxis: FlexDirection, available inner: Size, reference: Size, widthMode: SizingMode,
        heightMode: SizingMode
    ) -> Double {
        var total = 0.0
        let count = Int(tree.nodes[n].flowCount)
        for i in 0..<count {
            let c = tree[flowChildOf: n, at: i]
            if (tree.nodes[c].style.positionType == .absolute) { continue }
            computeFlexBaseSize(
                c, container: n, mainAxis: mainAxis, available: inner, reference: reference, widthMode: widthMode,
                heightMode: heightMode)
            // A flex base size from the content or the main size property is
            // at least the automatic minimum, which then only matters if the
            // line shrinks: it is computed there, lazily.
            tree.nodes[c].layout.automaticMinimum = .nan
            if !tree.nodes[c].layout.basisAtLeastMinimum {
                computeAutomaticMinimum(
                    c, container: n, mainAxis: mainAxis, available: inner, reference: reference, widthMode: widthMode)
            }
            total += tree.nodes[c].layout.flexBasis + marginSum(c, mainAxis, reference.width)
        }
        return total
    }

    mutating func computeFlexBaseSize(
        _ c: Int, container n: Int, mainAxis: FlexDirection, available inner: Size, reference: Size,
        widthMode: SizingMode, heightMode: SizingMode
    ) {
        let isRow = mainAxis.isRow
        let ownerWidth = reference.width
        let mainInner = reference.along(mainAxis)
        // Single fields, not the whole style: this frame recurses.
        let flexBasis = tree.nodes[c].style.flexBasis
        let widthIsMaxContent = tree.nodes[c].style.width.isMaxContent
        let heightIsMaxContent = tree.nodes[c].style.height.isMaxContent
        let pbMain = paddingAndBorderSum(c, mainAxis, ownerWidth)
        tree.nodes[c].layout.basisAtLeastMinimum = false
        tree.nodes[c].layout.basisIsContent = false

        // A: a definite `flex-basis` (a percentage of a definite container)
        // is the flex base size; it follows `box-sizing` like `width` does.
        // (`stretch` is not a flex-basis value browsers accept: it acts as
        // `auto`, as do the other intrinsic keywords' content sizing below.)
        var basis = flexBasis.resolved(against: mainInner)
        if basis.isDefined {
            basis = borderBox(c, basis, mainAxis, ownerWidth)
        }
        if basis.isDefined, mainInner.isDefined || flexBasis.isPoints {
            tree.nodes[c].layout.flexBasis = Swift.max(basis, pbMain)
            return
        }
        // B/C: `flex-basis: auto` uses the main size property when it is
        // definite. A percentage basis of an indefinite container is
        // `content` (§7.2.3), so it skips this and sizes the content.
        let widthDefinite = definiteSize(c, .row, reference.width, ownerWidth)
        let heightDefinite = definiteSize(c, .column, reference.height, ownerWidth)
        if flexBasis.isAuto || flexBasis == .stretch {
            let mainDefinite = isRow ? widthDefinite : heightDefinite
            if mainDefinite.isDefined {
                tree.nodes[c].layout.flexBasis = Swift.max(mainDefinite, pbMain)
                // The automatic minimum never exceeds a specified size.
                tree.nodes[c].layout.basisAtLeastMinimum = true
                return
            }
        }

        // E: otherwise size the item's content: the max-content main size,
        // with the cross size fixed when the item is stretched or sized.
        let marginRow = marginSum(c, .row, ownerWidth)
        let marginColumn = marginSum(c, .column, ownerWidth)
        var childWidth = Double.nan, childHeight = Double.nan
        var childWidthMode = SizingMode.undefined, childHeightMode = SizingMode.undefined
        if widthDefinite.isDefined {
            childWidth = widthDefinite + marginRow
            childWidthMode = .exactly
        }
        if heightDefinite.isDefined {
            childHeight = heightDefinite + marginColumn
            childHeightMode = .exactly
        }
        // §9.2.3.E: the main size is the max-content size; an auto cross size
        // is fit-content within the container's cross size (text wraps to it).
        if isRow {
            if childHeight.isNaN, inner.height.isDefined, !heightIsMaxContent {
                childHeight = inner.height
                childHeightMode = .atMost
            }
        } else if childWidth.isNaN, inner.width.isDefined, !widthIsMaxContent {
            childWidth = inner.width
            childWidthMode = .atMost
        }
        // Intrinsic keywords (CSS Sizing 3 §3.2) fix how each axis is measured.
        if let (size, mode) = keywordSize(c, .row, available: inner.width) {
            childWidth = size
            childWidthMode = mode
        }
        if let (size, mode) = keywordSize(c, .column, available: inner.height) {
            childHeight = size
            childHeightMode = mode
        }
        let ratio = tree.nodes[c].style.aspectRatio
        if ratio.isDefined {
            // CSS Sizing 4 §5: a definite size on one axis transfers through
            // the aspect ratio to the other.
            if !isRow, childWidthMode == .exactly {
                childHeight = marginColumn + (childWidth - marginRow) / ratio
                childHeightMode = .exactly
            } else if isRow, childHeightMode == .exactly {
                childWidth = marginRow + (childHeight - marginColumn) * ratio
                childWidthMode = .exactly
            }
        }
        // §9.8.1: in a single-line container with a definite cross size, a
        // stretched item's cross size is definite: the container's.
        let align = tree.nodes[n].style.flexWrap == .noWrap ? alignSelf(c, parent: n) : .flexStart
        if !isRow, widthDefinite.isNaN, inner.width.isDefined, widthMode == .exactly,
            align == .stretch, childWidthMode != .exactly, !hasAutoCrossMargin(c, crossAxisIsRow: true)
        {
            childWidth = inner.width
            childWidthMode = .exactly
            if ratio.isDefined {
                childHeight = (childWidth - marginRow) / ratio
                childHeightMode = .exactly
            }
        }
        if isRow, heightDefinite.isNaN, inner.height.isDefined, heightMode == .exactly,
            align == .stretch, childHeightMode != .exactly, !hasAutoCrossMargin(c, crossAxisIsRow: false)
        {
            childHeight = inner.height
            childHeightMode = .exactly
            if ratio.isDefined {
                childWidth = (childHeight - marginColumn) * ratio
                childWidthMode = .exactly
            }
        }
        constrainToMax(c, .row, reference.width, ownerWidth, &childWidthMode, &childWidth)
        constrainToMax(c, .column, reference.height, ownerWidth, &childHeightMode, &childHeight)
        let available = Size(width: childWidth, height: childHeight)
        if hasMinOrMax(c, mainAxis) {
            // Measured apart from the cache: this answer ignores the item's
            // own min/max main size.
            unclampedMainNode = c
            unclampedMainIsRow = isRow
            if (tree.nodes[c].leafIndex >= 0) {
                measureLeaf(c, available: available, widthMode: childWidthMode, heightMode: childHeightMode, owner: reference)
            } else {
                layoutContainer(
                    c, available: available, widthMode: childWidthMode, heightMode: childHeightMode, owner: reference,
                    performLayout: false)
            }
            unclampedMainNode = -1
        } else {
            layoutNode(
                c, available: available, widthMode: childWidthMode, heightMode: childHeightMode, owner: reference,
                performLayout: false)
        }
        tree.nodes[c].layout.flexBasis = Swift.max(measured(c, mainAxis), pbMain)
        tree.nodes[c].layout.basisAtLeastMinimum = true
        tree.nodes[c].layout.basisIsContent = true
    }

    func hasMinOrMax(_ c: Int, _ axis: FlexDirection) -> Bool {
        axis.isRow
            ? !tree.nodes[c].style.minWidth.isAuto || !tree.nodes[c].style.maxWidth.isAuto
            : !tree.nodes[c].style.minHeight.isAuto || !tree.nodes[c].style.maxHeight.isAuto
    }

    func hasAutoCrossMargin(_ c: Int, crossAxisIsRow: Bool) -> Bool {
        let m = tree.nodes[c].style.margin
        return crossAxisIsRow ? (m.left.isAuto || m.right.isAuto) : (m.top.isAuto || m.bottom.isAuto)
    }
}

extension Dimension {
    var isPoints: Bool {
        if case .points = self { return true }
        return false
    }
    var isPercentage: Bool {
        if case .fraction = self { return true }
        return false
    }
    var isMaxContent: Bool {
        if case .maxContent = self { return true }
        return false
    }
}
