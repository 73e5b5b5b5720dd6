extension StackPass {
    /// How free space is shared out: (offset before the first, extra gap
    /// between neighbours). One rule for justifyContent and alignContent;
    /// gaps stay fractional (ASStackPositionedLayout.mm, `testJustifiedSpaceBetweenWithRemainingSpace`).
    enum Distribution {
        case start, center, end, spaceBetween, spaceAround

        func offsets(_ v: Double, count n: Int) -> (offset: Double, gap: Double) {
            var mode = self
            if mode == .spaceBetween && (v < StackPass.violationEpsilon || n == 1) { mode = .start }
            if mode == .spaceAround && (v < StackPass.violationEpsilon || n == 1) { mode = .center }
            switch mode {
            case .start: return (0, 0)
            case .center: return (v / 2, 0)
            case .end: return (v, 0)
            case .spaceBetween: return (0, v / Double(n - 1))
            case .spaceAround: return (v / Double(2 * n), 2 * v / Double(2 * n))
            }
        }
    }

    var justifyDistribution: Distribution {
        switch spec.justifyContent {
        case .start: return .start
        case .center: return .center
        case .end: return .end
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        }
    }

    var alignContentDistribution: Distribution {
        switch spec.alignContent {
        case .start, .stretch: return .start
        case .center: return .center
        case .end: return .end
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        }
    }

    func crossOffset(of i: Int, in line: Line) -> Double {
        let free = line.crossSize - axes.cross(layouts[i].size)
        switch items[i].alignment {
        case .end: return free
        case .center: return PixelGrid(scale: context.pointScale).floor(free / 2)
        case .baselineFirst, .baselineLast: return line.baseline - baseline(of: i)
        case .start, .stretch: return 0
        }
    }

    /// Places lines and items, sizes the stack and, for a vertical stack,
    /// exposes its first child's ascender and last child's descender the way
    /// Texture writes them into the stack's style.
    mutating func positionedLayout() -> LayoutNode {
        let crossSum = linesCrossSum()
        let (crossStart, crossGap) = alignContentDistribution.offsets(crossViolation(crossSum), count: lines.count)
        var crossCursor = crossStart
        var stackLength = 0.0
        for (k, line) in lines.enumerated() {
            if k > 0 { crossCursor += crossGap + spec.lineSpacing }
            let lineSum = itemsStackSum(line.items)
            stackLength = max(stackLength, lineSum)
            let (stackStart, stackGap) = justifyDistribution.offsets(stackViolation(lineSum), count: line.items.count)
            var p = stackStart
            for (j, i) in line.items.enumerated() {
                p += items[i].spacingBefore
                if j > 0 { p += spec.spacing + stackGap }
                let cross = crossCursor + crossOffset(of: i, in: line)
                layouts[i].frame.origin = axes.point(stack: p, cross: cross)
                p += self.stackLength(i) + items[i].spacingAfter
            }
            crossCursor += line.crossSize
        }
        let size = LeafLayout.finalSize(range.clamp(axes.size(stack: stackLength, cross: crossSum)), context)
        if spec.direction.isReverse { mirrorAlongStackAxis(stackSize: axes.stack(size)) }
        var node = LayoutNode(size: size, children: layouts)
        if spec.direction.isVertical {
            node.ascender = layouts.first?.ascender ?? 0
            node.descender = layouts.last?.descender ?? 0
        } else {
            node.ascender = ascender
            node.descender = descender
        }
        return node
    }

    /// Reverse directions lay the children out from the stack's far end, as
    /// CSS's row-reverse / column-reverse do: the forward layout mirrored.
    private mutating func mirrorAlongStackAxis(stackSize: Double) {
        for i in items.indices {
            let origin = layouts[i].frame.origin
            let along = axes.vertical ? origin.y : origin.x
            let mirrored = stackSize - along - stackLength(i)
            if axes.vertical {
                layouts[i].frame.origin.y = mirrored
            } else {
                layouts[i].frame.origin.x = mirrored
            }
        }
    }
}
