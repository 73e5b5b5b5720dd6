/// A non-flex child (text, image, box or a Texture spec) is a flex item whose
/// content is measured like a Yoga measure function, through Texture's
/// `layoutThatFits` (`LayoutEngine.measure`).
extension FlexLayoutPass {
    /// Yoga's measure modes as a Texture size range, per axis:
    /// exactly w -> [w, w]; at most w -> [0, w]; undefined -> [0, inf).
    static func measureRange(width: Double, _ widthMode: SizingMode, height: Double, _ heightMode: SizingMode) -> SizeRange {
        func axis(_ v: Double, _ mode: SizingMode) -> (Double, Double) {
            switch mode {
            case .exactly: return (v, v)
            case .atMost: return (0, v)
            case .undefined: return (0, .infinity)
            }
        }
        let w = axis(width, widthMode), h = axis(height, heightMode)
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    /// Sizes a measured leaf: the leaf's padding and border surround what the
    /// measurer returns; a size fixed on both axes needs no measuring.
    mutating func measureLeaf(_ n: Int, available: Size, widthMode: SizingMode, heightMode: SizingMode, owner: Size) {
        let ownerWidth = owner.width
        let availableWidth = available.width - marginSum(n, .row, ownerWidth)
        let availableHeight = available.height - marginSum(n, .column, ownerWidth)
        let pbRow = paddingAndBorderSum(n, .row, ownerWidth)
        let pbColumn = paddingAndBorderSum(n, .column, ownerWidth)
        // The baseline of the content sits below the leaf's own top padding.
        tree.nodes[n].layout.padding.top = paddingAndBorder(n, .top, ownerWidth) - tree.nodes[n].style.border.top

        if widthMode == .exactly && heightMode == .exactly {
            tree.nodes[n].layout.measured = Size(
                width: bound(n, .row, availableWidth, owner.width, ownerWidth),
                height: bound(n, .column, availableHeight, owner.height, ownerWidth))
            return
        }
        let innerWidth = availableWidth.isNaN ? availableWidth : Swift.max(0, availableWidth - pbRow)
        let innerHeight = availableHeight.isNaN ? availableHeight : Swift.max(0, availableHeight - pbColumn)
        let content = measureContent(
            n, width: innerWidth, widthMode, height: innerHeight, heightMode, owner: owner)
        let width = widthMode == .exactly ? availableWidth : content.width + pbRow
        let height = heightMode == .exactly ? availableHeight : content.height + pbColumn
        tree.nodes[n].layout.measured = Size(
            width: bound(n, .row, width, owner.width, ownerWidth),
            height: bound(n, .column, height, owner.height, ownerWidth))
    }

    /// Calls the element's own layout. The flex parent's direction becomes the
    /// context direction, so a `flex` element nested in a spec inherits it.
    mutating func measureContent(
        _ n: Int, width: Double, _ widthMode: SizingMode, height: Double, _ heightMode: SizingMode, owner: Size
    ) -> Size {
        let leaf = Int(tree.nodes[n].leafIndex)
        let range = FlexLayoutPass.measureRange(width: width, widthMode, height: height, heightMode)
        var leafContext = context
        leafContext.direction = tree.nodes[n].style.direction
        // Texture resolves a leaf's percentages against its parent size;
        // an undefined owner axis is NaN there, which Texture treats as auto.
        let parentSize = Size(
            width: owner.width.isNaN ? .nan : owner.width, height: owner.height.isNaN ? .nan : owner.height)
        let node = LayoutEngine.measure(tree.leaves[leaf], in: range, parentSize: parentSize, context: leafContext)
        tree.leafOutputs[leaf] = node
        if case .text = tree.leaves[leaf].kind {
            tree.nodes[n].layout.leafBaseline = node.ascender
        } else {
            tree.nodes[n].layout.leafBaseline = .nan
        }
        return node.size
    }
}
