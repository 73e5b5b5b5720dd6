/// Turns flex-relative positions into the output's left/top offsets and
/// applies what comes after flex layout: relative offsets (CSS Position 3
/// §3.2) and the container's absolutely positioned descendants.
extension FlexLayoutPass {
    mutating func placeChildren(_ n: Int, _ k: LineConstraints) {
        let size = tree.nodes[n].layout.measured
        let main = k.mainAxis, cross = k.crossAxis
        for i in 0..<Int(tree.nodes[n].flowCount) {
            let c = tree[flowChildOf: n, at: i]
            if (tree.nodes[c].style.positionType == .absolute) { continue }
            // A reversed axis measured its offsets from the right or bottom.
            convertFromEnd(c, main, size)
            convertFromEnd(c, cross, size)
            applyRelativeOffset(c, containingBlock: k.inner)
        }
        if tree.nodes[n].style.positionType != .static || n == 0 {
            layoutAbsoluteDescendants(containingBlock: n, parent: n, offset: .zero)
        }
    }

    @inline(__always)
    mutating func convertFromEnd(_ c: Int, _ axis: FlexDirection, _ size: Size) {
        guard axis.startEdge != axis.physicalStartEdge else { return }
        let fromEnd = tree.nodes[c].layout.position[axis.startEdge]
        tree.nodes[c].layout.position[axis.physicalStartEdge] = size.along(axis) - measured(c, axis) - fromEnd
    }

    /// CSS Position 3 §3.2: a relatively positioned box is shifted by its
    /// insets after layout; when both insets of an axis are given, `top`
    /// wins, and `left` in LTR (`right` in RTL). Percentages are of the
    /// containing block (the parent's content box). `static` ignores insets.
    mutating func applyRelativeOffset(_ c: Int, containingBlock cb: Size) {
        let offset = relativeOffset(c, containingBlock: cb)
        tree.nodes[c].layout.position.left += offset.x
        tree.nodes[c].layout.position.top += offset.y
    }

    func relativeOffset(_ c: Int, containingBlock cb: Size, asRoot: Bool = false) -> Point {
        let style = tree.nodes[c].style
        guard style.positionType == .relative || (asRoot && style.positionType == .absolute) else { return .zero }
        let p = style.position
        let left = p.left?.resolved(against: cb.width) ?? .nan
        let right = p.right?.resolved(against: cb.width) ?? .nan
        let top = p.top?.resolved(against: cb.height) ?? .nan
        let bottom = p.bottom?.resolved(against: cb.height) ?? .nan
        var dx = 0.0
        if style.direction == .rtl, right.isDefined {
            dx = -right
        } else if left.isDefined {
            dx = left
        } else if right.isDefined {
            dx = -right
        }
        let dy = top.isDefined ? top : (bottom.isDefined ? -bottom : 0)
        return Point(x: dx, y: dy)
    }
}
