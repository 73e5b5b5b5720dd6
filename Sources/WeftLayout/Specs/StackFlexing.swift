extension StackPass {
    /// `collectChildrenIntoLines` (ASStackUnpositionedLayout.mm): a new line starts when
    /// the next item would overflow the maximum; spacing resets per line.
    mutating func breakIntoLines() {
        guard spec.flexWrap == .wrap else {
            lines = [Line(items: 0..<items.count)]
            return
        }
        var start = 0
        var lineSum = 0.0
        var gap = 0.0
        for i in items.indices {
            let itemLength = items[i].spacingBefore + stackLength(i) + items[i].spacingAfter
            if stackViolation(lineSum + gap + itemLength) < 0 && i > start {
                lines.append(Line(items: start..<i))
                start = i
                lineSum = 0
                gap = 0
            }
            lineSum += gap + itemLength
            gap = spec.spacing
        }
        lines.append(Line(items: start..<items.count))
    }

    /// Flexes one line along the stack axis (ASStackUnpositionedLayout.mm). Growth is split
    /// in whole points (floored) and the leftover goes to the first item that
    /// actually changes; shrinking is weighted by each item's length.
    mutating func flexLine(_ lineIndex: Int) {
        let r = lines[lineIndex].items
        let v = stackViolation(itemsStackSum(r))
        let growing = v > 0
        var factorSum = 0.0
        if abs(v) >= StackPass.violationEpsilon {
            for i in r { factorSum += growing ? items[i].grow : items[i].shrink }
        }
        if factorSum == 0 {
            if optimized {
                for i in r where items[i].grow > 0 && items[i].shrink > 0 {
                    layouts[i] = crossChildLayout(i, stackMin: 0, stackMax: 0, crossMin: crossMin, crossMax: crossMax)
                    items[i].measured = true
                }
            }
            return
        }
        var scaledShrinkSum = 0.0
        if !growing {
            for i in r { scaledShrinkSum += stackLength(i) * (items[i].shrink / factorSum) }
        }
        var adjustments = [Double](repeating: 0, count: r.count)
        var adjusted = 0.0
        for (k, i) in r.enumerated() {
            let a: Double
            if growing {
                a = (v * items[i].grow / factorSum).rounded(.down)
            } else if scaledShrinkSum == 0 {
                a = 0
            } else {
                a = -abs((stackLength(i) * items[i].shrink / factorSum) / scaledShrinkSum * v)
            }
            adjustments[k] = a
            adjusted += a
        }
        let remaining = v - adjusted
        guard let first = adjustments.firstIndex(where: { $0 != 0 }) else { return }
        for (k, i) in r.enumerated() where adjustments[k] != 0 {
            var length = stackLength(i) + adjustments[k]
            if k == first && items[i].grow > 0 { length += remaining }
            length = TextureMath.max(length, 0)
            layouts[i] = crossChildLayout(i, stackMin: length, stackMax: length, crossMin: crossMin, crossMax: crossMax)
            items[i].measured = true
        }
    }

    // MARK: - Lines across (ASStackUnpositionedLayout.mm)

    func baseline(of i: Int) -> Double {
        switch items[i].alignment {
        case .baselineFirst: return layouts[i].ascender
        case .baselineLast: return axes.cross(layouts[i].size) + layouts[i].descender
        default: return 0
        }
    }

    /// Each line's cross size covers its baseline-aligned items (above and
    /// below the shared baseline) and its other items. Only a single line is
    /// clamped to the stack's cross range.
    mutating func sizeLines() {
        if lines.count == 1 && crossMin == crossMax {
            var base = 0.0
            for i in lines[0].items where items[i].alignment.isBaseline {
                base = max(base, baseline(of: i))
            }
            lines[0].crossSize = crossMin
            lines[0].baseline = max(0, base)
            return
        }
        for l in lines.indices {
            var up = 0.0, down = 0.0, other = 0.0
            for i in lines[l].items {
                let cross = axes.cross(layouts[i].size)
                if items[i].alignment.isBaseline {
                    let b = baseline(of: i)
                    up = max(up, b)
                    down = max(down, cross - b)
                } else {
                    other = max(other, cross)
                }
            }
            var crossSize = max(up + down, other)
            if lines.count == 1 {
                crossSize = TextureMath.min(TextureMath.max(crossMin, crossSize), crossMax)
            }
            lines[l].crossSize = crossSize
            lines[l].baseline = up
        }
    }

    /// alignContent `stretch` shares the free cross space among several
    /// lines; stretch items then take their line's cross size, keeping their
    /// flexed stack length.
    mutating func stretch() {
        let v = crossViolation(linesCrossSum())
        let stretchLines = lines.count > 1 && spec.alignContent == .stretch && v > StackPass.violationEpsilon
        for l in lines.indices {
            if stretchLines { lines[l].crossSize += v / Double(lines.count) }
            let lineCross = lines[l].crossSize
            for i in lines[l].items where items[i].alignment == .stretch {
                if lineCross - axes.cross(layouts[i].size) > StackPass.violationEpsilon {
                    let length = stackLength(i)
                    layouts[i] = crossChildLayout(i, stackMin: length, stackMax: length, crossMin: lineCross, crossMax: lineCross)
                    items[i].measured = true
                }
            }
        }
    }
}
