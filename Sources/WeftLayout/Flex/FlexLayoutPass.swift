/// One run of the flex algorithm over one `flex` element's subtree. Owns the
/// flattened tree; every step of the algorithm is an extension in its own
/// file, named after the part of CSS Flexbox §9 it implements.
struct FlexLayoutPass {
    var tree: FlexTree
    let context: LayoutContext
    /// Scratch storage for flex lines, used as a stack: each container pushes
    /// its lines and pops them before returning, so nested layouts share it.
    var lines: [FlexLine] = []
    /// A node being measured for its flex base size, whose own min/max main
    /// size must not clamp the result (§9.2.3: the flex base size is the
    /// content size; only the hypothetical main size is clamped).
    var unclampedMainNode = -1
    var unclampedMainIsRow = false

    init(tree: FlexTree, context: LayoutContext) {
        self.tree = tree
        self.context = context
        lines.reserveCapacity(16)
    }

    /// Sizes node `n` (and, with `performLayout`, positions its subtree).
    /// `available` is the space offered to the node's margin box, per axis in
    /// the given mode; `owner` is what percentages of the node resolve against.
    mutating func layoutNode(
        _ n: Int, available: Size, widthMode: SizingMode, heightMode: SizingMode,
        owner: Size, performLayout: Bool
    ) {
        let margins = Size(width: marginSum(n, .row, owner.width), height: marginSum(n, .column, owner.width))
        if performLayout {
            if tree.nodes[n].cache.layout?.answers(available, widthMode, heightMode, margins: margins) == true {
                let result = tree.nodes[n].cache.layout!.result
                tree.nodes[n].layout.measured = result
                tree.nodes[n].layout.size = result
                return
            }
        } else if let result = tree.nodes[n].cache.measurement(available, widthMode, heightMode, margins: margins) {
            tree.nodes[n].layout.measured = result
            return
        }

        if (tree.nodes[n].leafIndex >= 0) {
            measureLeaf(n, available: available, widthMode: widthMode, heightMode: heightMode, owner: owner)
        } else {
            layoutContainer(
                n, available: available, widthMode: widthMode, heightMode: heightMode, owner: owner,
                performLayout: performLayout)
        }

        let entry = FlexMeasureCache.Entry(
            available: available, widthMode: widthMode, heightMode: heightMode, result: tree.nodes[n].layout.measured)
        if performLayout {
            tree.nodes[n].cache.layout = entry
            tree.nodes[n].layout.size = entry.result
        } else {
            tree.nodes[n].cache.storeMeasurement(entry)
        }
    }
}
