import WeftLayout

/// ASPagerNode's pages (ASPagerFlowLayout.mm): one horizontal row of a flow layout
/// with no spacing and no section inset, so page i sits at i x bounds.width
/// and every page is exactly the page size, whatever its node measured
/// (UIKit sizes the cell; the node's own tree is returned as measured).
/// Right-to-left flips the row, as a flow layout does.
enum PagerLayout {
    static func pageFrame(_ i: Int, count: Int, _ geometry: ContainerGeometry) -> Frame {
        let page = geometry.pageSize
        let slot = geometry.direction == .rtl ? count - 1 - i : i
        return Frame(x: Double(slot) * page.width, y: 0, width: page.width, height: page.height)
    }

    static func place(_ request: ContainerRequest, _ measured: [MeasuredSection], _ geometry: ContainerGeometry) -> Placement {
        let page = geometry.pageSize
        let count = request.sections.first?.items.count ?? 0
        var sections: [SectionResult] = []
        var warnings: [RequestWarning] = []
        for (s, section) in request.sections.enumerated() {
            var items: [CellResult] = []
            for (i, cell) in section.items.enumerated() {
                let frame = pageFrame(i, count: count, geometry)
                items.append(CellResult(cell, index: IndexPath(section: s, item: i), frame: frame, measured: measured[s].items[i]))
                if cell.constrainedSize != nil {
                    warnings.append(RequestWarning(
                        path: RequestPath.item(IndexPath(section: s, item: i), shorthand: request.usesItemsShorthand).appending("constrainedSize"),
                        detail: "ignored: ASPagerNode gives every page exactly the page size and does not let the app override it"))
                }
            }
            sections.append(SectionResult(id: section.id, items: items))
        }
        return Placement(
            contentSize: Size(width: Double(count) * page.width, height: page.height), sections: sections, warnings: warnings)
    }
}
