/// CSS Flexbox §8.5 / §9.4 step 8: baselines of flex items.
extension FlexLayoutPass {
    /// Distance from node `n`'s border-box top to its first baseline. A text
    /// leaf has its first line's baseline; a flex container takes it from the
    /// first baseline-aligned item of its first line, else its first item
    /// (CSS Flexbox §8.5); anything without a baseline synthesizes one from
    /// its border-box bottom edge (CSS Align §9.1).
    func baseline(_ n: Int) -> Double {
        let node = tree.nodes[n]
        if node.isLeaf {
            let b = node.layout.leafBaseline
            guard b.isDefined else { return node.layout.measured.height }
            return b + node.layout.padding.top + node.style.border.top
        }
        var chosen = -1
        // Only a row container's items can share a baseline (in a column
        // `baseline` falls back to flex-start, §8.3).
        let rowContainer = node.style.flexDirection.isRow
        for i in 0..<Int(node.flowCount) {
            let c = tree[flowChildOf: n, at: i]
            let child = tree.nodes[c]
            if child.style.isAbsolute { continue }
            if child.layout.lineIndex > 0 { break }
            if rowContainer, child.style.alignSelf(in: node.style) == .baseline {
                chosen = c
                break
            }
            if chosen < 0 { chosen = c }
        }
        guard chosen >= 0 else { return node.layout.measured.height }
        return baseline(chosen) + tree.nodes[chosen].layout.position.top
    }
}
