import WeftLayout

/// Texture's docs tell apps to give view-backed cells a `preferredSize`:
/// such a cell has no intrinsic size, so without one it collapses to its
/// range's minimum or fills a bounded range (ASCellNode.mm). The contract asks for
/// a warning rather than an error.
enum ViewCellWarning {
    static func detail(for cell: Cell) -> String? {
        // Most cells are not views: their tree is not copied out to find out.
        guard cell.kind == .node, cell.isViewCell, let root = cell.node else { return nil }
        if hasSize(cell.style) || hasSize(root.style) { return nil }
        return "view cell\(cell.id.map { " \"\($0.excerpt)\"" } ?? "") has no style.preferredSize: it has no intrinsic size, so it takes its range's minimum, or its maximum when that is bounded (Texture's docs ask for a preferredSize)"
    }

    private static func hasSize(_ style: Style) -> Bool {
        !style.width.isAuto && !style.height.isAuto
    }
}
