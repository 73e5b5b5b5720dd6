/// Absolutely positioned children (CSS Flexbox §4.1, CSS Position 3 §4-5).
/// Their containing block is the padding box of the nearest ancestor that is
/// not `position: static` (the root always is one); their static position is
/// where they would sit as the sole flex item of their parent.
extension FlexLayoutPass {
    /// Lays out every absolutely positioned descendant of `parent` whose
    /// containing block is `cb`, walking down through static containers.
    /// `offset` is `parent`'s border-box origin relative to `cb`'s.
    mutating func layoutAbsoluteDescendants(containingBlock cb: Int, parent: Int, offset: Point) {
        for i in 0..<Int(tree.nodes[parent].flowCount) {
            let c = tree[flowChildOf: parent, at: i]
            let positionType = tree.nodes[c].style.positionType
            if positionType == .absolute {
                layoutAbsolute(c, containingBlock: cb, parent: parent, offset: offset)
            } else if positionType == .static, tree.nodes[c].leafIndex < 0 {
                let p = tree.nodes[c].layout.position
                layoutAbsoluteDescendants(
                    containingBlock: cb, parent: c, offset: Point(x: offset.x + p.left, y: offset.y + p.top))
            }
        }
    }

    mutating func layoutAbsolute(_ c: Int, containingBlock cb: Int, parent: Int, offset: Point) {
        let cbSize = tree.nodes[cb].layout.measured
        let cbBorder = tree.nodes[cb].style.border
        // The containing block is the padding box.
        let box = Size(width: cbSize.width - cbBorder.horizontal, height: cbSize.height - cbBorder.vertical)
        let style = tree.nodes[c].style
        let insets = PhysicalEdges(
            left: style.position.left?.resolved(against: box.width) ?? .nan,
            top: style.position.top?.resolved(against: box.height) ?? .nan,
            right: style.position.right?.resolved(against: box.width) ?? .nan,
            bottom: style.position.bottom?.resolved(against: box.height) ?? .nan)
        let marginRow = marginSum(c, .row, box.width)
        let marginColumn = marginSum(c, .column, box.width)

        // CSS Position 3 §5.1: a definite size, else both insets stretch the
        // box between them, else it shrinks to fit.
        var width = definiteSize(c, .row, box.width, box.width)
        if case .stretch = style.width {
            width = bound(c, .row, box.width - insets.left.orZero - insets.right.orZero - marginRow, box.width, box.width)
        } else if width.isNaN, !style.width.isIntrinsicKeyword, insets.left.isDefined, insets.right.isDefined {
            width = bound(c, .row, box.width - insets.left - insets.right - marginRow, box.width, box.width)
        }
        var height = definiteSize(c, .column, box.height, box.width)
        if case .stretch = style.height {
            height = bound(c, .column, box.height - insets.top.orZero - insets.bottom.orZero - marginColumn, box.height, box.width)
        } else if height.isNaN, !style.height.isIntrinsicKeyword, insets.top.isDefined, insets.bottom.isDefined {
            height = bound(c, .column, box.height - insets.top - insets.bottom - marginColumn, box.height, box.width)
        }
        let ratio = style.aspectRatio
        if ratio.isDefined {
            if width.isNaN, height.isDefined {
                width = bound(c, .row, height * ratio, box.width, box.width)
            } else if height.isNaN, width.isDefined {
                height = bound(c, .column, width / ratio, box.height, box.width)
            }
        }
        if width.isNaN || height.isNaN {
            // Shrink-to-fit: fit-content within the space the insets leave.
            var availableWidth = width.isDefined ? width + marginRow : Double.nan
            var widthMode = SizingMode.exactly
            if width.isNaN {
                availableWidth = box.width - insets.left.orZero - insets.right.orZero
                widthMode = availableWidth.isDefined && !style.width.isMaxContent ? .atMost : .undefined
            }
            let availableHeight = height.isDefined ? height + marginColumn : Double.nan
            layoutNode(
                c, available: Size(width: availableWidth, height: availableHeight), widthMode: widthMode,
                heightMode: height.isDefined ? .exactly : .undefined, owner: box, performLayout: false)
            width = tree.nodes[c].layout.measured.width
            height = tree.nodes[c].layout.measured.height
        }
        layoutNode(
            c, available: Size(width: width + marginRow, height: height + marginColumn), widthMode: .exactly,
            heightMode: .exactly, owner: box, performLayout: true)

        let size = tree.nodes[c].layout.measured
        // CSS 2 §10.3.7 / §10.6.4: with both insets set, auto margins share
        // what the box leaves (a negative leftover goes to the end margin).
        let leftover = PhysicalEdges(
            left: box.width - insets.left - insets.right - size.width, top: box.height - insets.top - insets.bottom - size.height,
            right: 0, bottom: 0)
        let autoLeft = style.margin.left.isAuto, autoRight = style.margin.right.isAuto
        let autoTop = style.margin.top.isAuto, autoBottom = style.margin.bottom.isAuto
        var marginLeft = margin(c, .left, box.width), marginRight = margin(c, .right, box.width)
        var marginTop = margin(c, .top, box.width)
        if leftover.left.isDefined, autoLeft || autoRight {
            let free = leftover.left - marginLeft - marginRight
            if autoLeft && autoRight {
                marginLeft = free < 0 ? 0 : free / 2
                marginRight = free - marginLeft
            } else if autoLeft {
                marginLeft = free
            } else {
                marginRight = free
            }
        }
        if leftover.top.isDefined, autoTop || autoBottom {
            let free = leftover.top - marginTop - margin(c, .bottom, box.width)
            if autoTop && autoBottom {
                marginTop = free < 0 ? 0 : free / 2
            } else if autoTop {
                marginTop = free
            }
        }
        // CSS 2 §10.3.7: with both horizontal insets and a width, the one on
        // the containing block's end side is ignored (`right` in LTR).
        let rightWins = insets.right.isDefined && tree.nodes[cb].style.direction == .rtl
        var x: Double
        if insets.left.isDefined && !rightWins {
            x = cbBorder.left + insets.left + marginLeft
        } else if insets.right.isDefined {
            x = cbSize.width - cbBorder.right - insets.right - marginRight - size.width
        } else {
            x = offset.x + staticPosition(c, parent: parent, axis: .row, containingBlockWidth: box.width)
        }
        var y: Double
        if insets.top.isDefined {
            y = cbBorder.top + insets.top + marginTop
        } else if insets.bottom.isDefined {
            y = cbSize.height - cbBorder.bottom - insets.bottom - margin(c, .bottom, box.width) - size.height
        } else {
            y = offset.y + staticPosition(c, parent: parent, axis: .column, containingBlockWidth: box.width)
        }
        x -= offset.x
        y -= offset.y
        tree.nodes[c].layout.position.left = x
        tree.nodes[c].layout.position.top = y
    }

    /// CSS Flexbox §4.1: the static position of an absolutely positioned
    /// child is where it would be as the sole item of its parent, placed by
    /// `justify-content` and `align-self` in the parent's content box.
    /// Returns the offset of its border box from the parent's, on the
    /// physical `axis` (row: x, column: y).
    func staticPosition(_ c: Int, parent p: Int, axis: FlexDirection, containingBlockWidth: Double) -> Double {
        let parent = tree.nodes[p].style
        let main = parent.flexDirection.resolved(for: parent.direction)
        let cross = main.crossAxis(for: parent.direction)
        let isMain = main.isRow == axis.isRow
        let flexAxis = isMain ? main : cross
        let parentSize = tree.nodes[p].layout.measured.along(axis)
        let pbStart = tree.nodes[p].layout.padding[flexAxis.startEdge] + parent.border[flexAxis.startEdge]
        let pbEnd = tree.nodes[p].layout.padding[flexAxis.endEdge] + parent.border[flexAxis.endEdge]
        let content = parentSize - pbStart - pbEnd
        let childSize = measured(c, axis)
        // The child's margins are percentages of its containing block.
        let marginStart = margin(c, flexAxis.startEdge, containingBlockWidth)
        let marginEnd = margin(c, flexAxis.endEdge, containingBlockWidth)
        let free = content - childSize - marginStart - marginEnd

        var fraction = 0.0
        if isMain {
            switch justification(parent.justifyContent, free: free, main: main, direction: parent.direction) {
            case .center, .spaceAround, .spaceEvenly: fraction = 0.5
            case .flexEnd: fraction = 1
            default: fraction = 0
            }
        } else {
            // wrap-reverse puts cross-start at the cross axis's end, but CSS
            // `start`/`end` keep naming writing-mode sides.
            let wrapReverse = parent.flexWrap == .wrapReverse
            let align = tree.nodes[c].style.alignSelf(in: parent)
            switch align {
            case .start, .end:
                let r = flexRelative(align, cross: cross, direction: parent.direction, wrapReverse: false)
                fraction = r == .flexEnd ? 1 : 0
            case .center: fraction = 0.5
            case .flexEnd: fraction = wrapReverse ? 0 : 1
            default: fraction = wrapReverse ? 1 : 0
            }
        }
        let fromFlexStart = pbStart + marginStart + free * fraction
        if flexAxis.startEdge == flexAxis.physicalStartEdge { return fromFlexStart }
        return parentSize - fromFlexStart - childSize
    }
}
