/// CSS Flexbox §9 "Flex Layout Algorithm" for one container: the steps in
/// order, each implemented in its own file.
extension FlexLayoutPass {
    mutating func layoutContainer(
        _ n: Int, available: Size, widthMode: SizingMode, heightMode: SizingMode, owner: Size, performLayout: Bool
    ) {
        // Single fields, not the whole style: this frame recurses once per
        // tree level, so it stays small.
        let direction = tree.nodes[n].style.direction
        let border = tree.nodes[n].style.border
        let overflow = tree.nodes[n].style.overflow
        let ownerWidth = owner.width
        let pb = PhysicalEdges(
            left: paddingAndBorder(n, .left, ownerWidth), top: paddingAndBorder(n, .top, ownerWidth),
            right: paddingAndBorder(n, .right, ownerWidth), bottom: paddingAndBorder(n, .bottom, ownerWidth))
        tree.nodes[n].layout.padding = PhysicalEdges(
            left: pb.left - border.left, top: pb.top - border.top,
            right: pb.right - border.right, bottom: pb.bottom - border.bottom)
        let availableWidth = available.width - marginSum(n, .row, ownerWidth)
        let availableHeight = available.height - marginSum(n, .column, ownerWidth)
        let count = Int(tree.nodes[n].flowCount)

        if count == 0 {
            measureEmptyContainer(n, availableWidth, availableHeight, widthMode, heightMode, owner, pb)
            return
        }
        if !performLayout,
            measureFixedSize(n, availableWidth, availableHeight, widthMode, heightMode, owner)
        {
            return
        }
        if performLayout, widthMode != .exactly {
            // A box sized by its content gets its width first; its contents
            // are then laid out in that width, which percentages of it now
            // resolve against (CSS Sizing 3 §5.2.1: cyclic percentages are
            // `auto` only while the width is being found).
            layoutContainer(n, available: available, widthMode: widthMode, heightMode: heightMode, owner: owner, performLayout: false)
            let width = tree.nodes[n].layout.measured.width + marginSum(n, .row, ownerWidth)
            layoutContainer(
                n, available: Size(width: width, height: available.height), widthMode: .exactly, heightMode: heightMode,
                owner: owner, performLayout: true)
            return
        }

        // §9.1: the main axis follows flex-direction in the element's writing
        // direction; the cross axis is perpendicular.
        let main = tree.nodes[n].style.flexDirection.resolved(for: direction)
        let cross = main.crossAxis(for: direction)
        let isRow = main.isRow
        let wraps = tree.nodes[n].style.flexWrap != .noWrap
        var mainMode = isRow ? widthMode : heightMode
        let crossMode = isRow ? heightMode : widthMode
        let pbMain = pb.sum(along: main), pbCross = pb.sum(along: cross)

        // §9.2 step 2: the available space for items, the container's min and
        // max sizes applied.
        let inner = Size(
            width: availableInner(n, .row, availableWidth, pb.horizontal, owner.width, ownerWidth),
            height: availableInner(n, .column, availableHeight, pb.vertical, owner.height, ownerWidth))
        let availableMain = inner.along(main)
        let availableCross = inner.along(cross)
        // What the items' percentages resolve against: the inner size only
        // where the container's own size is fixed; while it is found from the
        // content, percentages of it are cyclic and behave as `auto`.
        let reference = Size(
            width: widthMode == .exactly ? inner.width : .nan, height: heightMode == .exactly ? inner.height : .nan)
        // CSS Align §8.3: a percentage gap resolves against the content box; an
        // indefinite one (a content-sized container) counts as zero.
        let columnGap = tree.nodes[n].style.columnGap, rowGap = tree.nodes[n].style.rowGap
        let mainGap = (main.isRow ? columnGap : rowGap).resolved(against: reference.along(main)).orZero
        let crossGap = (cross.isRow ? columnGap : rowGap).resolved(against: reference.along(cross)).orZero

        // §9.2 step 3: flex base sizes.
        var totalMain = computeFlexBaseSizes(
            n, mainAxis: main, available: inner, reference: reference, widthMode: widthMode, heightMode: heightMode)
        let inFlow = inFlowCount(n)
        if inFlow > 1 { totalMain += mainGap * Double(inFlow - 1) }
        let mainOverflows = mainMode != .undefined && totalMain > availableMain
        // A wrapping container offered a bounded main size fills it: its lines
        // break at that size (§9.3 step 5 with a definite available size).
        if wraps, mainOverflows, mainMode == .atMost { mainMode = .exactly }

        // §9.3: collect lines, resolve each line's flexible lengths, place
        // its items along the main axis.
        let firstLine = lines.count
        var start = 0
        var lineIndex = 0
        var totalCross = 0.0
        var widestLine = 0.0
        var maxMain = 0.0
        repeat {
            var line = collectLine(
                n, from: start, lineIndex: lineIndex, mainAxis: main, mainGap: mainGap,
                availableMain: availableMain, reference: reference, wraps: wraps)
            var lineMain = availableMain
            if mainMode != .exactly {
                let content = contentMainSize(
                    n, line: line, mainGap: mainGap, main: main, cross: cross, available: inner, reference: reference,
                    crossMode: crossMode)
                lineMain = contentSizedMain(
                    n, main, content: mainMode == .atMost ? content.minDefined(availableMain) : content, pbMain: pbMain,
                    owner: owner, ownerWidth: ownerWidth)
            }
            let k = LineConstraints(
                mainAxis: main, crossAxis: cross, inner: reference, limit: inner, pb: pb, direction: direction, owner: owner,
                availableMain: lineMain, availableCross: availableCross, crossMode: crossMode, mainGap: mainGap,
                wraps: wraps, performLayout: performLayout)
            let free = resolveFlexibleLengths(n, line: line, k)
            layoutItemsAtMainSize(n, line: line, k)
            justifyLine(n, line: &line, freeSpace: free, mainMode: mainMode, k)
            totalCross += line.crossSize + (lineIndex > 0 ? crossGap : 0)
            widestLine = Swift.max(widestLine, line.crossSize)
            maxMain = Swift.max(maxMain, line.mainSize)
            lines.append(line)
            start = line.end
            lineIndex += 1
        } while start < count

        // §9.4 / §9.6 the container's own size when it depends on content.
        var size = Size(
            width: bound(n, .row, availableWidth, owner.width, ownerWidth),
            height: bound(n, .column, availableHeight, owner.height, ownerWidth))
        let ownerMain = owner.along(main), ownerCross = owner.along(cross)
        if mainMode == .undefined || (mainMode == .atMost && overflow != .scroll) {
            size.set(bound(n, main, maxMain, ownerMain, ownerWidth), along: main)
        } else if mainMode == .atMost {
            let fitted = Swift.min(availableMain + pbMain, clampToMinMax(n, main, maxMain, ownerMain, ownerWidth))
            size.set(Swift.max(fitted, pbMain), along: main)
        }
        // A content-sized width of a wrapping column is its widest item's, as
        // in browsers (their intrinsic inline size of a column flexbox is
        // the largest contribution of its items; extra columns overflow).
        let contentCross = !isRow && wraps ? widestLine : totalCross
        if crossMode == .undefined || (crossMode == .atMost && overflow != .scroll) {
            size.set(bound(n, cross, contentCross + pbCross, ownerCross, ownerWidth), along: cross)
        } else if crossMode == .atMost {
            let fitted = Swift.min(
                availableCross + pbCross, clampToMinMax(n, cross, contentCross + pbCross, ownerCross, ownerWidth))
            size.set(Swift.max(fitted, pbCross), along: cross)
        }
        tree.nodes[n].layout.measured = size

        if performLayout {
            let k = LineConstraints(
                mainAxis: main, crossAxis: cross, inner: reference, limit: inner, pb: pb, direction: direction, owner: owner,
                availableMain: availableMain, availableCross: availableCross, crossMode: crossMode,
                mainGap: mainGap, wraps: wraps, performLayout: true)
            alignCrossAxis(n, lines: firstLine..<lines.count, crossGap: crossGap, totalCross: totalCross, k)
            placeChildren(n, k)
        }
        lines.removeLast(lines.count - firstLine)
    }

    /// The main size a line may fill when the container is sized by its
    /// content (CSS Sizing: its max-content size, clamped): its min size if
    /// the items are smaller, its max size if they are larger, else just the
    /// items, which leaves nothing to grow into. `mutating` only so that the
    /// pass is not copied for the call (see `boundItem`).
    mutating func contentSizedMain(
        _ n: Int, _ main: FlexDirection, content: Double, pbMain: Double, owner: Size, ownerWidth: Double
    ) -> Double {
        let ownerMain = owner.along(main)
        let minInner = minSize(n, main, ownerMain, ownerWidth) - pbMain
        let maxInner = maxSize(n, main, ownerMain, ownerWidth) - pbMain
        if minInner.isDefined, content < minInner { return minInner }
        if maxInner.isDefined, content > maxInner { return maxInner }
        return content
    }

    func inFlowCount(_ n: Int) -> Int {
        var count = 0
        for i in 0..<Int(tree.nodes[n].flowCount) where tree.nodes[tree[flowChildOf: n, at: i]].style.positionType != .absolute {
            count += 1
        }
        return count
    }

    /// §9.2 step 2: the space inside the container's padding and border,
    /// limited by its min/max sizes; NaN when the container's size is open.
    func availableInner(
        _ n: Int, _ axis: FlexDirection, _ available: Double, _ pb: Double, _ ownerAxis: Double, _ ownerWidth: Double
    ) -> Double {
        var inner = available - pb
        guard inner.isDefined else { return inner }
        let hi = maxSize(n, axis, ownerAxis, ownerWidth) - pb
        let lo = minSize(n, axis, ownerAxis, ownerWidth) - pb
        if hi.isDefined { inner = Swift.min(inner, hi) }
        if lo.isDefined { inner = Swift.max(inner, lo) }
        return inner
    }

    /// A container without items is as big as its padding and border unless
    /// its size is given.
    mutating func measureEmptyContainer(
        _ n: Int, _ availableWidth: Double, _ availableHeight: Double, _ widthMode: SizingMode,
        _ heightMode: SizingMode, _ owner: Size, _ pb: PhysicalEdges<Double>
    ) {
        let w = widthMode == .exactly ? availableWidth : pb.horizontal
        let h = heightMode == .exactly ? availableHeight : pb.vertical
        tree.nodes[n].layout.measured = Size(
            width: bound(n, .row, w, owner.width, owner.width), height: bound(n, .column, h, owner.height, owner.width))
    }

    /// A measurement whose answer does not depend on the items: both sizes
    /// imposed. (Yoga also answers "no room on a bounded axis" with zero;
    /// CSS still gives such a box its content's size on the other axis.)
    mutating func measureFixedSize(
        _ n: Int, _ availableWidth: Double, _ availableHeight: Double, _ widthMode: SizingMode,
        _ heightMode: SizingMode, _ owner: Size
    ) -> Bool {
        guard widthMode == .exactly && heightMode == .exactly else { return false }
        tree.nodes[n].layout.measured = Size(
            width: bound(n, .row, availableWidth, owner.width, owner.width),
            height: bound(n, .column, availableHeight, owner.height, owner.width))
        return true
    }
}
