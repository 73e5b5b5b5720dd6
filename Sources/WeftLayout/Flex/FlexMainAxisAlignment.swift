/// CSS Flexbox §9.5 "Main-Axis Alignment" (steps 12-13) and the line's cross
/// size (§9.4 step 8).
extension FlexLayoutPass {
    /// Places the items of `line` along the main axis, distributing
    /// `freeSpace` to auto margins or by `justify-content`, and measures the
    /// line's cross size and baseline extents.
    mutating func justifyLine(_ n: Int, line: inout FlexLine, freeSpace: Double, mainMode: SizingMode, _ k: LineConstraints) {
        let main = k.mainAxis, cross = k.crossAxis
        let ownerWidth = k.inner.width
        var free = freeSpace
        // A container sized to its content has no free space to distribute,
        // except what its min size forces (Yoga's fit-content main size).
        if mainMode == .atMost, free > 0 {
            let minMain = minSize(n, main, k.owner.along(main), k.owner.width)
            if minMain.isDefined {
                let occupied = k.availableMain - free
                free = Swift.max(0, minMain - k.pb.sum(along: main) - occupied)
            } else {
                free = 0
            }
        }

        var leading = 0.0
        var between = 0.0
        if line.autoMarginCount == 0 {
            let count = Double(line.itemCount)
            switch justification(tree.nodes[n].style.justifyContent, free: free, main: main, direction: k.direction) {
            case .center: leading = free / 2
            case .flexEnd: leading = free
            case .spaceBetween: if line.itemCount > 1 { between = free / (count - 1) }
            case .spaceAround:
                if line.itemCount > 0 {
                    leading = free / (2 * count)
                    between = free / count
                }
            case .spaceEvenly:
                leading = free / (count + 1)
                between = leading
            default: break
            }
        }
        let autoMarginShare = line.autoMarginCount > 0 && free > 0 ? free / Double(line.autoMarginCount) : 0
        var cursor = k.pb[main.startEdge] + leading
        var crossSize = 0.0, maxAscent = 0.0, maxDescent = 0.0
        let baselineLayout = main.isRow
        var placed = 0
        forEachItem(n, line) { pass, c in
            // Single fields, not the whole style (it is large).
            if placed > 0 { cursor += between + k.mainGap }
            placed += 1
            if pass.tree.nodes[c].style.margin[main.startEdge].isAuto { cursor += autoMarginShare }
            cursor += pass.margin(c, main.startEdge, ownerWidth)
            pass.tree.nodes[c].layout.position[main.startEdge] = cursor
            cursor += pass.measured(c, main) + pass.margin(c, main.endEdge, ownerWidth)
            if pass.tree.nodes[c].style.margin[main.endEdge].isAuto { cursor += autoMarginShare }

            if baselineLayout, pass.alignSelf(c, parent: n) == .baseline,
                !pass.hasAutoCrossMargin(c, crossAxisIsRow: false)
            {
                let ascent = pass.baseline(c) + pass.margin(c, .top, ownerWidth)
                let descent = pass.measuredWithMargins(c, .column, ownerWidth) - ascent
                maxAscent = Swift.max(maxAscent, ascent)
                maxDescent = Swift.max(maxDescent, descent)
            } else {
                crossSize = Swift.max(crossSize, pass.measuredWithMargins(c, cross, ownerWidth))
            }
        }
        line.mainSize = cursor + k.pb[main.endEdge]
        line.crossSize = Swift.max(crossSize, maxAscent + maxDescent)
        line.maxAscent = maxAscent
        line.maxDescent = maxDescent
    }

    /// `justify-content` reduced to a flex-relative value. CSS `start`/`end`
    /// follow the writing mode, so they differ from `flex-start`/`flex-end`
    /// on a reversed axis. With negative free space the distributed values
    /// fall back as CSS Align §4.3 says: `space-between` to `flex-start`,
    /// `space-around`/`space-evenly` to `safe center`, i.e. `start`.
    func justification(_ value: JustifyContent, free: Double, main: FlexDirection, direction: LayoutDirection) -> JustifyContent {
        var v = value
        if free < 0 {
            switch v {
            case .spaceBetween: v = .flexStart
            case .spaceAround, .spaceEvenly: v = .start
            default: break
            }
        }
        let startIsFlexStart = main.startEdge == FlexLayoutPass.writingModeStart(main, direction)
        switch v {
        case .start: return startIsFlexStart ? .flexStart : .flexEnd
        case .end: return startIsFlexStart ? .flexEnd : .flexStart
        default: return v
        }
    }

    /// The physical side where the writing mode starts on an axis: the block
    /// axis starts at the top, the inline axis at the left in LTR.
    static func writingModeStart(_ axis: FlexDirection, _ direction: LayoutDirection) -> PhysicalEdge {
        axis.isRow ? (direction == .ltr ? .left : .right) : .top
    }
}
