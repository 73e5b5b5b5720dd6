/// CSS Flexbox §9.7 "Resolving Flexible Lengths", then §9.4 step 7 (each
/// item's hypothetical cross size) by laying the item out at its main size.
extension FlexLayoutPass {
    struct LineConstraints {
        var mainAxis: FlexDirection
        var crossAxis: FlexDirection
        /// What the items' percentages resolve against: the container's inner
        /// size where it is definite, else NaN.
        var inner: Size
        /// The space available inside the container (its inner size, or the
        /// most it may be), which fit-content items stay within.
        var limit: Size
        /// The container's padding plus border per side.
        var pb: PhysicalEdges<Double>
        var direction: LayoutDirection
        /// What the container's own percentages resolve against.
        var owner: Size
        var availableMain: Double
        var availableCross: Double
        var crossMode: SizingMode
        var mainGap: Double
        /// Multi-line: a line's cross size comes from its items (§9.4.8), so
        /// items are not stretched to the container before that.
        var wraps: Bool
        var performLayout: Bool
    }

    /// Sets every item's `targetMain` (border box, no margins) and returns the
    /// free space left over (negative when the items overflow).
    mutating func resolveFlexibleLengths(_ n: Int, line: FlexLine, _ k: LineConstraints) -> Double {
        let main = k.mainAxis
        let ownerWidth = k.inner.width
        let gaps = line.itemCount > 1 ? Double(line.itemCount - 1) * k.mainGap : 0
        // §9.7.1: grow when the outer hypothetical sizes leave space, else shrink.
        let growing = k.availableMain.isDefined && line.sizeConsumed < k.availableMain
        if k.availableMain.isDefined, line.sizeConsumed > k.availableMain {
            computeAutomaticMinimums(n, line: line, k)
        }
        var unfrozenCount = 0
        // §9.7.2: freeze inflexible items at their hypothetical main size.
        forEachItem(n, line) { pass, c in
            let basis = pass.tree.nodes[c].layout.flexBasis
            let hypothetical = pass.boundItem(c, main, basis, k.inner.along(main), ownerWidth)
            let factor = growing ? pass.tree.nodes[c].style.flexGrow : pass.tree.nodes[c].style.flexShrink
            var frozen = factor == 0 || k.availableMain.isNaN
            if growing ? basis > hypothetical : basis < hypothetical { frozen = true }
            pass.tree.nodes[c].layout.targetMain = hypothetical
            pass.tree.nodes[c].layout.frozen = frozen
            if !frozen { unfrozenCount += 1 }
        }
        // §9.7.3: the initial free space (needed only while items flex).
        var initialFree = k.availableMain - gaps
        if unfrozenCount > 0 {
            forEachItem(n, line) { pass, c in
                let l = pass.tree.nodes[c].layout
                initialFree -= (l.frozen ? l.targetMain : l.flexBasis) + pass.marginSum(c, main, ownerWidth)
            }
        }
        // §9.7.4: loop until every item is frozen.
        while unfrozenCount > 0 {
            var free = k.availableMain - gaps
            var factorSum = 0.0
            var scaledShrinkSum = 0.0
            forEachItem(n, line) { pass, c in
                let l = pass.tree.nodes[c].layout
                free -= (l.frozen ? l.targetMain : l.flexBasis) + pass.marginSum(c, main, ownerWidth)
                if !l.frozen {
                    let shrink = pass.tree.nodes[c].style.flexShrink
                    factorSum += growing ? pass.tree.nodes[c].style.flexGrow : shrink
                    scaledShrinkSum += shrink * pass.innerFlexBase(c, main, ownerWidth)
                }
            }
            // §9.7.4.b: flex factors summing below 1 take only that share.
            if factorSum < 1 {
                let share = initialFree * factorSum
                if abs(share) < abs(free) { free = share }
            }
            // §9.7.4.c: distribute in proportion to the flex factors (grow) or
            // to flex-shrink times the inner flex base size (shrink).
            var totalViolation = 0.0
            forEachItem(n, line) { pass, c in
                guard !pass.tree.nodes[c].layout.frozen else { return }
                let grow = pass.tree.nodes[c].style.flexGrow, shrink = pass.tree.nodes[c].style.flexShrink
                let basis = pass.tree.nodes[c].layout.flexBasis
                var target = basis
                if free != 0 {
                    if growing {
                        if factorSum > 0 { target = basis + free * grow / factorSum }
                    } else if scaledShrinkSum > 0 {
                        let scaled = shrink * pass.innerFlexBase(c, main, ownerWidth)
                        target = basis + free * scaled / scaledShrinkSum
                    }
                }
                // §9.7.4.d: clamp by min/max (and the padding+border floor).
                let clamped = pass.boundItem(c, main, target, k.inner.along(main), ownerWidth)
                pass.tree.nodes[c].layout.violation = clamped > target ? -1 : (clamped < target ? 1 : 0)
                pass.tree.nodes[c].layout.targetMain = clamped
                totalViolation += clamped - target
            }
            // §9.7.4.e: freeze all, or the min- or the max-violating items.
            // (A non-finite total, from degenerate input, freezes all so the
            // loop always ends.)
            let freezeAll = abs(totalViolation) < 1e-9 || !totalViolation.isFinite
            forEachItem(n, line) { pass, c in
                guard !pass.tree.nodes[c].layout.frozen else { return }
                let v = pass.tree.nodes[c].layout.violation
                if freezeAll || (totalViolation > 0 && v < 0) || (totalViolation < 0 && v > 0) {
                    pass.tree.nodes[c].layout.frozen = true
                    unfrozenCount -= 1
                }
            }
        }
        var used = gaps
        forEachItem(n, line) { pass, c in
            used += pass.tree.nodes[c].layout.targetMain + pass.marginSum(c, main, ownerWidth)
        }
        return k.availableMain.isDefined ? k.availableMain - used : (used < 0 ? -used : 0)
    }

    /// The content-box flex base size: browsers scale flex-shrink by it
    /// (§9.7.4.c "inner flex base size"), not by the border box as Yoga does.
    @inline(__always)
    func innerFlexBase(_ c: Int, _ main: FlexDirection, _ ownerWidth: Double) -> Double {
        Swift.max(0, tree.nodes[c].layout.flexBasis - paddingAndBorderSum(c, main, ownerWidth))
    }

    /// Calls `body` for every in-flow item of `line`.
    @inline(__always)
    mutating func forEachItem(_ n: Int, _ line: FlexLine, _ body: (inout FlexLayoutPass, Int) -> Void) {
        for i in line.start..<line.end {
            let c = tree[flowChildOf: n, at: i]
            if (tree.nodes[c].style.positionType == .absolute) { continue }
            body(&self, c)
        }
    }

    /// Lays each item out at its resolved main size. Its cross size is the
    /// stretched line's when it will be stretched and the container's cross
    /// size is definite; otherwise fit-content within the container
    /// (§9.4.7, the hypothetical cross size). Items to be stretched later are
    /// only measured now and laid out in the cross-axis alignment step.
    mutating func layoutItemsAtMainSize(_ n: Int, line: FlexLine, _ k: LineConstraints) {
        forEachItem(n, line) { pass, c in
            let ownerWidth = k.inner.width
            // Single fields, not the whole style: this closure recurses.
            let crossSizeProperty = k.crossAxis.isRow ? pass.tree.nodes[c].style.width : pass.tree.nodes[c].style.height
            let ratio = pass.tree.nodes[c].style.aspectRatio
            let marginMain = pass.marginSum(c, k.mainAxis, ownerWidth)
            let marginCross = pass.marginSum(c, k.crossAxis, ownerWidth)
            var mainSize = pass.tree.nodes[c].layout.targetMain + marginMain
            var mainMode = SizingMode.exactly
            var crossSize: Double
            var crossMode: SizingMode
            let crossDefinite = pass.definiteSize(c, k.crossAxis, k.inner.along(k.crossAxis), ownerWidth)
            let stretches =
                pass.alignSelf(c, parent: n) == .stretch && !crossSizeProperty.isIntrinsicKeyword
                && !pass.hasAutoCrossMargin(c, crossAxisIsRow: k.crossAxis.isRow)
            if let keyword = pass.keywordSize(c, k.crossAxis, available: k.availableCross) {
                // CSS Sizing 3 §3.2: max-content, fit-content and stretch.
                (crossSize, crossMode) = keyword
            } else if ratio.isDefined, crossDefinite.isNaN {
                // CSS Sizing 4 §5.1: the ratio sizes only an automatic axis.
                let inner = mainSize - marginMain
                crossSize = (k.mainAxis.isRow ? inner / ratio : inner * ratio) + marginCross
                crossMode = .exactly
            } else if k.availableCross.isDefined, crossDefinite.isNaN, k.crossMode == .exactly,
                !k.wraps, stretches
            {
                crossSize = k.availableCross
                crossMode = .exactly
            } else if crossDefinite.isNaN {
                crossSize = k.availableCross
                crossMode = crossSize.isNaN ? .undefined : .atMost
            } else {
                crossSize = crossDefinite + marginCross
                // A percentage cross size of a container whose cross size is
                // not fixed yet is only a measurement for now.
                let loose = crossSizeProperty.isPercentage && k.crossMode != .exactly
                crossMode = loose ? .undefined : .exactly
            }
            pass.constrainToMax(c, k.mainAxis, k.inner.along(k.mainAxis), ownerWidth, &mainMode, &mainSize)
            pass.constrainToMax(c, k.crossAxis, k.inner.along(k.crossAxis), ownerWidth, &crossMode, &crossSize)
            let deferLayout = crossDefinite.isNaN && stretches
            let isRow = k.mainAxis.isRow
            pass.layoutNode(
                c, available: Size(width: isRow ? mainSize : crossSize, height: isRow ? crossSize : mainSize),
                widthMode: isRow ? mainMode : crossMode, heightMode: isRow ? crossMode : mainMode,
                owner: k.inner, performLayout: k.performLayout && !deferLayout)
        }
    }
}
