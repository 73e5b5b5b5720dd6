import WeftLayout

/// UITableView's row arithmetic for a plain table (semantics 4.1 leaves it to
/// UIKit): with estimated heights off, UIKit stacks rows at their exact
/// heights with no gaps, each the table's width, from y = 0 in content
/// coordinates (content insets move the scroll view, not the rows).
/// Weft's decisions, where Texture has no say: a section's header and footer
/// are laid out like rows (full width, their measured height) directly before
/// and after its rows, without a separator; an interop row is the table's
/// width and its own height.
enum TableLayout {
    static func place(_ request: ContainerRequest, _ measured: [MeasuredSection], _ geometry: ContainerGeometry) -> Placement {
        let width = geometry.tableWidth
        let separator: Double? = request.container.separatorStyle == .singleLine ? geometry.separatorHeight : nil
        var y = 0.0
        var sections: [SectionResult] = []
        sections.reserveCapacity(request.sections.count)

        func supplementary(_ cell: Cell?, _ m: MeasuredCell?, _ s: Int) -> CellResult? {
            guard let cell, let m else { return nil }
            let frame = Frame(x: 0, y: y, width: width, height: m.size.height)
            y += frame.height
            return CellResult(cell, index: IndexPath(section: s, item: 0), frame: frame, measured: m)
        }

        for (s, section) in request.sections.enumerated() {
            let ms = measured[s]
            let header = supplementary(section.header, ms.header, s)
            var items: [CellResult] = []
            items.reserveCapacity(section.items.count)
            for (i, cell) in section.items.enumerated() {
                Turns.checkpoint()
                let m = ms.items[i]
                // Row height = node height + one pixel of separator; the node keeps its own height.
                let rowSize = Size(width: width, height: m.size.height + (separator ?? 0))
                let frames = TableRow.frames(
                    rowSize: rowSize, accessory: cell.accessoryType,
                    separatorInset: Insets(cell.separatorInset, direction: geometry.direction, reference: rowSize),
                    separatorHeight: separator, direction: geometry.direction)
                items.append(CellResult(
                    cell, index: IndexPath(section: s, item: i), frame: Frame(origin: Point(x: 0, y: y), size: rowSize),
                    measured: m, table: frames))
                y += rowSize.height
            }
            let footer = supplementary(section.footer, ms.footer, s)
            sections.append(SectionResult(id: section.id, header: header, footer: footer, items: items))
        }
        return Placement(contentSize: Size(width: width, height: y), sections: sections)
    }
}
