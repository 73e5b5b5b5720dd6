import WeftLayout

/// Places cells one at a time, for streaming: a table row's frame depends
/// only on the rows before it, and a page's on its index, so each cell can
/// be sent as soon as it (and, for tables, every row before it) is measured.
/// `ContainerLayout.place` places a whole table with it too. A flow layout cannot be
/// placed this way (a line's height depends on its later items): `init`
/// answers nil for collections.
public struct StreamingPlacer: Sendable {
    private let request: ContainerRequest
    private let geometry: ContainerGeometry
    private let separator: Double?
    private let pageCount: Int
    private var y = 0.0

    /// A placer for a table's or a pager's cells; nil for a collection.
    public init?(_ request: ContainerRequest) {
        guard request.container.type != .collection else { return nil }
        self.request = request
        geometry = ContainerGeometry(request)
        separator = request.container.separatorStyle == .singleLine ? geometry.separatorHeight : nil
        pageCount = request.sections.first?.items.count ?? 0
    }

    /// Whether cells must be placed in job order (tables) or may be placed in any order (pagers).
    public var needsJobOrder: Bool { geometry.type == .table }

    /// The cell's result; for a table, call in job order.
    public mutating func place(_ job: ContainerLayout.CellJob, size: Size) -> CellResult {
        place(job.cell, section: job.section, slot: job.slot, MeasuredCell(size: size, layout: nil))
    }

    /// UITableView's row arithmetic for a plain table (ASTableView.mm leaves it
    /// to UIKit): with estimated heights off, UIKit stacks rows at their exact
    /// heights with no gaps, each the table's width, from y = 0 in content
    /// coordinates (content insets move the scroll view, not the rows). Weft's
    /// decisions, where Texture has no say: a section's header and footer are
    /// laid out like rows (full width, their measured height) directly before
    /// and after its rows, without a separator; an interop row is the table's
    /// width and its own height. A page's frame depends on its index alone.
    mutating func place(_ cell: Cell, section: Int, slot: CellSlot, _ measured: MeasuredCell) -> CellResult {
        let size = measured.size
        switch geometry.type {
        case .pager, .collection:
            guard case .item(let i) = slot else { preconditionFailure("pages have no supplementary cells") }
            let frame = PagerLayout.pageFrame(i, count: pageCount, geometry)
            return CellResult(cell, index: IndexPath(section: section, item: i), frame: frame, measured: measured)
        case .table:
            let width = geometry.tableWidth
            switch slot {
            case .header, .footer:
                let frame = Frame(x: 0, y: y, width: width, height: size.height)
                y += frame.height
                return CellResult(cell, index: IndexPath(section: section, item: 0), frame: frame, measured: measured)
            case .item(let i):
                // Row height = node height + one pixel of separator; the node keeps its own height.
                let rowSize = Size(width: width, height: size.height + (separator ?? 0))
                let frames = TableRow.frames(
                    rowSize: rowSize, accessory: cell.accessoryType,
                    separatorInset: Insets(cell.separatorInset, direction: geometry.direction, reference: rowSize),
                    separatorHeight: separator, direction: geometry.direction)
                let result = CellResult(
                    cell, index: IndexPath(section: section, item: i),
                    frame: Frame(origin: Point(x: 0, y: y), size: rowSize), measured: measured, table: frames)
                y += rowSize.height
                return result
            }
        }
    }

    /// Where the next table row goes: after the last, the table's height.
    var nextRowY: Double { y }

    /// Pagers: the pages under the viewport at `contentOffset`, which a stream sends first.
    public func visiblePages() -> Range<Int> {
        guard geometry.type == .pager, pageCount > 0, geometry.pageSize.width > 0 else { return 0..<0 }
        let offset = request.container.contentOffset.x
        let width = geometry.pageSize.width
        // Clamped before converting: an offset such as 1e300 is valid JSON and
        // would trap in Int(_:).
        let last = pageCount - 1
        guard let firstSlot = Pages.clampedIndex((offset / width).rounded(.down), limit: last),
              let lastEnd = Pages.clampedIndex(((offset + request.container.bounds.width) / width).rounded(.up), limit: pageCount)
        else { return 0..<0 }
        let slotsEnd = max(firstSlot, lastEnd, 1)
        // Slots count from the left; in right-to-left page i sits in slot count - 1 - i.
        if geometry.direction == .rtl {
            return (pageCount - slotsEnd)..<(pageCount - firstSlot)
        }
        return firstSlot..<slotsEnd
    }
}

extension StreamingPlacer {
    /// A whole table: its rows placed one after another, as a stream places them.
    static func placeTable(_ request: ContainerRequest, _ measured: [MeasuredSection], _ geometry: ContainerGeometry) -> Placement {
        var placer = StreamingPlacer(request)!
        var sections: [SectionResult] = []
        sections.reserveCapacity(request.sections.count)
        for (s, section) in request.sections.enumerated() {
            let ms = measured[s]
            func supplementary(_ cell: Cell?, _ slot: CellSlot, _ m: MeasuredCell?) -> CellResult? {
                guard let cell, let m else { return nil }
                return placer.place(cell, section: s, slot: slot, m)
            }
            let header = supplementary(section.header, .header, ms.header)
            var items: [CellResult] = []
            items.reserveCapacity(section.items.count)
            for (i, cell) in section.items.enumerated() {
                Turns.checkpoint()
                items.append(placer.place(cell, section: s, slot: .item(i), ms.items[i]))
            }
            let footer = supplementary(section.footer, .footer, ms.footer)
            sections.append(SectionResult(id: section.id, header: header, footer: footer, items: items))
        }
        return Placement(contentSize: Size(width: geometry.tableWidth, height: placer.nextRowY), sections: sections)
    }
}
