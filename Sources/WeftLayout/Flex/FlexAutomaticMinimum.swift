/// CSS Flexbox §4.5 "Automatic Minimum Size of Flex Items": with
/// `min-width`/`min-height: auto` (Weft's `.auto`), an item whose overflow
/// is visible does not become smaller than its content-based minimum size.
/// Yoga skips this (its `MinSizeUndefinedInsteadOfAuto` erratum); browsers
/// apply it.
extension FlexLayoutPass {
    mutating func computeAutomaticMinimum(
        _ c: Int, container n: Int, mainAxis: FlexDirection, available inner: Size, reference: Size,
        widthMode: SizingMode
    ) {
        tree.nodes[c].layout.automaticMinimum = .nan
        // Only content can hold an item up: an empty container is already
        // kept at its padding and border.
        guard (tree.nodes[c].leafIndex >= 0) || tree.nodes[c].flowCount > 0 || tree.nodes[c].style.aspectRatio.isDefined,
            tree.nodes[c].style.overflow == .visible,
            (mainAxis.isRow ? tree.nodes[c].style.minWidth : tree.nodes[c].style.minHeight).isAuto
        else { return }
        let style = tree.nodes[c].style

        let ownerWidth = reference.width
        let cross: FlexDirection = mainAxis.isRow ? .column : .row
        let crossDefinite = definiteSize(c, cross, reference.along(cross), ownerWidth)
        var content: Double
        if style.aspectRatio.isDefined, crossDefinite.isDefined {
            // The min-content size of a box with a ratio and a definite cross
            // size is that size transferred through the ratio.
            content = mainAxis.isRow ? crossDefinite * style.aspectRatio : crossDefinite / style.aspectRatio
        } else if mainAxis.isRow {
            content = minContentWidth(c, ownerWidth: ownerWidth)
        } else {
            content = contentHeight(
                c, container: n, crossDefinite: crossDefinite, available: inner, reference: reference, widthMode: widthMode)
        }
        // The specified size suggestion caps the content size suggestion.
        let specified = definiteSize(c, mainAxis, reference.along(mainAxis), ownerWidth)
        if specified.isDefined { content = Swift.min(content, specified) }
        let hi = maxSize(c, mainAxis, reference.along(mainAxis), ownerWidth)
        if hi.isDefined { content = Swift.min(content, hi) }
        tree.nodes[c].layout.automaticMinimum = content
    }

    /// The block size of an item's content at the width it will have: its
    /// own, the container's when it is stretched in a single line, else
    /// fit-content within the container.
    mutating func contentHeight(
        _ c: Int, container n: Int, crossDefinite: Double, available inner: Size, reference: Size,
        widthMode: SizingMode
    ) -> Double {
        let ownerWidth = reference.width
        let marginRow = marginSum(c, .row, ownerWidth)
        var width = Double.nan
        var mode = SizingMode.undefined
        if crossDefinite.isDefined {
            width = crossDefinite + marginRow
            mode = .exactly
        } else if inner.width.isDefined {
            width = inner.width
            let stretched = tree.nodes[n].style.flexWrap == .noWrap && widthMode == .exactly
                && alignSelf(c, parent: n) == .stretch
                && !hasAutoCrossMargin(c, crossAxisIsRow: true)
            mode = stretched ? .exactly : .atMost
        }
        layoutNode(
            c, available: Size(width: width, height: .nan), widthMode: mode, heightMode: .undefined,
            owner: reference, performLayout: false)
        return measured(c, .column)
    }

    /// The automatic minimums a shrinking line needs (of items whose flex
    /// base size came from their content, skipped until now).
    mutating func computeAutomaticMinimums(_ n: Int, line: FlexLine, _ k: LineConstraints) {
        forEachItem(n, line) { pass, c in
            guard pass.tree.nodes[c].layout.basisAtLeastMinimum, pass.tree.nodes[c].style.flexShrink > 0 else { return }
            pass.computeAutomaticMinimum(
                c, container: n, mainAxis: k.mainAxis, available: k.limit, reference: k.inner, widthMode: k.crossMode)
        }
    }

    /// CSS Sizing 3 §5: the min-content width of a node's border box.
    /// Flex containers: a single-line row needs its items side by side, a
    /// wrapping row or a column only its widest item (CSS Flexbox §9.9.1).
    mutating func minContentWidth(_ n: Int, ownerWidth: Double) -> Double {
        let known = tree.nodes[n].layout.minContentWidth
        if known.isDefined { return known }
        let result = computeMinContentWidth(n, ownerWidth: ownerWidth)
        tree.nodes[n].layout.minContentWidth = result
        return result
    }

    private mutating func computeMinContentWidth(_ n: Int, ownerWidth: Double) -> Double {
        let pb = paddingAndBorderSum(n, .row, ownerWidth)
        if (tree.nodes[n].leafIndex >= 0) {
            return minContentWidthOfLeaf(n) + pb
        }
        let style = tree.nodes[n].style
        let sideBySide = style.flexDirection.isRow && style.flexWrap == .noWrap
        var total = 0.0
        var items = 0
        for i in 0..<Int(tree.nodes[n].flowCount) {
            let c = tree[flowChildOf: n, at: i]
            if (tree.nodes[c].style.positionType == .absolute) { continue }
            // A percentage of the indefinite width being computed is `auto`.
            var w = definiteSize(c, .row, .nan, .nan)
            if w.isNaN { w = minContentWidth(c, ownerWidth: .nan) }
            w = clampToMinMax(c, .row, w, .nan, .nan) + marginSum(c, .row, .nan)
            total = sideBySide ? total + w : Swift.max(total, w)
            items += 1
        }
        if sideBySide, items > 1 {
            total += style.columnGap.resolved(against: .nan).orZero * Double(items - 1)
        }
        return total + pb
    }

    /// Text has a min-content width (its longest unbreakable run); Texture
    /// elements have none, so they count with their natural size.
    mutating func minContentWidthOfLeaf(_ n: Int) -> Double {
        let element = tree.leaves[Int(tree.nodes[n].leafIndex)]
        if case .text(var content) = element.kind, let measurer = context.textMeasurer {
            content.overflowWrap = content.resolvedOverflowWrap(inFlex: true).forMinContent
            return measurer.measure(content, maxWidth: 0, maxHeight: .infinity).size.width
        }
        return measureContent(n, width: .nan, .undefined, height: .nan, .undefined, owner: Size(width: .nan, height: .nan)).width
    }

    /// The used minimum of an item's main size in flex layout: its min
    /// size property, or the automatic minimum when that is `auto`.
    /// `mutating` only so that the hot loops that call it (line collection,
    /// §9.7) pass the pass in place: a non-mutating call copied it, and
    /// retained every array in it, once per item.
    mutating func boundItem(_ c: Int, _ main: FlexDirection, _ value: Double, _ reference: Double, _ ownerWidth: Double) -> Double {
        let v = bound(c, main, value, reference, ownerWidth)
        let automatic = tree.nodes[c].layout.automaticMinimum
        return automatic.isDefined && v < automatic ? automatic : v
    }
}
