import Testing
import WeftCells
import WeftLayout

@Suite struct StreamingPlacerTests {
    /// Places every job one at a time and compares with the whole placement.
    private func check(_ request: ContainerRequest) throws {
        let whole = layout(request)
        var placer = try #require(StreamingPlacer(request))
        let jobs = ContainerLayout.jobs(for: request)
        let context = ContainerLayout.cellContext(request, LayoutContext())
        for job in jobs {
            let measured = CellMeasurer.measure(job.cell, in: job.range, context: context)
            let placed = placer.place(job, size: measured.size)
            let expected: CellResult?
            switch job.slot {
            case .header: expected = whole.sections[job.section].header
            case .footer: expected = whole.sections[job.section].footer
            case .item(let i): expected = whole.sections[job.section].items[i]
            }
            #expect(placed.frame == expected?.frame)
            #expect(placed.index == expected?.index)
            #expect(placed.table == expected?.table)
            #expect(placed.id == expected?.id)
        }
    }

    @Test func tableRowsWithHeadersFootersAccessoriesAndRTL() throws {
        for direction in [LayoutDirection.ltr, .rtl] {
            var cells = (0..<6).map { Cell.node("r\($0)", row(height: Double(20 + $0 * 7))) }
            cells[2].accessoryType = .checkmark
            cells[3] = .interop("i", size: size(10, 33))
            let sections = [
                Section(id: "a", header: .node("h", row(height: 12)), footer: .node("f", row(height: 9)), items: cells),
                Section(id: "b", items: Array(cells.prefix(2))),
            ]
            let container = Container(type: .table, bounds: size(320, 200))
            try check(ContainerRequest(container: container, sections: sections, direction: direction, pointScale: 3))
        }
    }

    @Test func pagesInBothDirections() throws {
        for direction in [LayoutDirection.ltr, .rtl] {
            let pages = (0..<5).map { Cell.node("p\($0)", box(10, 10)) }
            let container = Container(type: .pager, bounds: size(300, 400), contentOffset: Point(x: 600, y: 0))
            let request = ContainerRequest(container: container, items: pages, direction: direction)
            try check(request)
            let visible = try #require(StreamingPlacer(request)).visiblePages()
            // The viewport shows slot 2: page 2 either way for 5 pages.
            #expect(visible == 2..<3)
        }
    }

    /// Offsets far beyond Int's range are valid JSON: they clamp to the last
    /// (or first) page instead of trapping in the conversion to an index.
    @Test(arguments: [1e300, -1e300, Double.greatestFiniteMagnitude, 9.3e18])
    func hugeOffsetsClampToTheEdgePages(offset: Double) throws {
        for direction in [LayoutDirection.ltr, .rtl] {
            let pages = (0..<5).map { Cell.node("p\($0)", box(10, 10)) }
            let container = Container(type: .pager, bounds: size(300, 400), contentOffset: Point(x: offset, y: 0))
            let request = ContainerRequest(container: container, items: pages, direction: direction)
            let visible = try #require(StreamingPlacer(request)).visiblePages()
            let edge = (offset > 0) == (direction == .ltr) ? 4 : 0
            #expect(visible == edge..<(edge + 1))
        }
    }

    @Test func collectionsCannotBePlacedOneByOne() {
        let request = ContainerRequest(
            container: Container(type: .collection, bounds: size(300, 400)), items: [.node(nil, box(10, 10))])
        #expect(StreamingPlacer(request) == nil)
    }
}
