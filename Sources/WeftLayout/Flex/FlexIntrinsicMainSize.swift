/// CSS Flexbox §9.9.1: the max-content main size of a flex line, from its
/// items' max-content contributions (used when the container's main size
/// comes from its content).
extension FlexLayoutPass {
    /// Sum of the items' outer max-content contributions and the gaps.
    mutating func contentMainSize(
        _ n: Int, line: FlexLine, mainGap: Double, main: FlexDirection, cross: FlexDirection, available: Size,
        reference: Size, crossMode: SizingMode
    ) -> Double {
        var total = line.itemCount > 1 ? Double(line.itemCount - 1) * mainGap : 0
        forEachItem(n, line) { pass, c in
            total += pass.maxContentContribution(
                c, container: n, main: main, available: available, reference: reference, crossMode: crossMode)
                + pass.marginSum(c, main, reference.width)
        }
        return total
    }

    /// An item's max-content contribution to a content-sized row: its
    /// definite width, else its max-content width, clamped by its min/max
    /// widths. As in Chromium, the flex base size plays no part (§9.9.3's
    /// newer rule is not what browsers ship). A column's height instead
    /// comes from laying out the hypothetical main sizes.
    mutating func maxContentContribution(
        _ c: Int, container n: Int, main: FlexDirection, available: Size, reference: Size, crossMode: SizingMode
    ) -> Double {
        let layout = tree.nodes[c].layout
        let ownerWidth = reference.width
        if !main.isRow || layout.basisIsContent {
            return boundItem(c, main, layout.flexBasis, reference.along(main), ownerWidth)
        }
        var contribution = definiteSize(c, main, reference.along(main), ownerWidth)
        if contribution.isNaN {
            contribution = maxContentMainSize(
                c, container: n, main: main, available: available, reference: reference, crossMode: crossMode)
        }
        return boundItem(c, main, contribution, reference.along(main), ownerWidth)
    }

    /// The item's max-content size on the main axis (border box), with its
    /// cross size as when its flex base size is measured.
    mutating func maxContentMainSize(
        _ c: Int, container n: Int, main: FlexDirection, available: Size, reference: Size, crossMode: SizingMode
    ) -> Double {
        let ownerWidth = reference.width
        if !main.isRow {
            let width = definiteSize(c, .row, reference.width, ownerWidth)
            return contentHeight(
                c, container: n, crossDefinite: width, available: available, reference: reference, widthMode: crossMode)
        }
        var height = definiteSize(c, .column, reference.height, ownerWidth)
        var mode = SizingMode.exactly
        if height.isDefined {
            height += marginSum(c, .column, ownerWidth)
        } else if available.height.isDefined {
            height = available.height
            mode = .atMost
        } else {
            mode = .undefined
        }
        layoutNode(
            c, available: Size(width: .nan, height: height), widthMode: .undefined, heightMode: mode, owner: reference,
            performLayout: false)
        return measured(c, .row)
    }
}
