import Testing
import WeftCells
import WeftLayout

@Suite struct TableTests {
    static func table(_ bounds: Size, _ cells: [Cell], inset: Edges = .none, separator: SeparatorStyle = .singleLine, scale: Double = 0) -> ContainerRequest {
        ContainerRequest(
            container: Container(type: .table, bounds: bounds, contentInset: inset, separatorStyle: separator),
            items: cells, pointScale: scale)
    }

    // ASTableView.mm: every row gets {(W, 0), (W, CGFLOAT_MAX)}.
    @Test func defaultConstrainedSizeIsFullWidthHeightFree() {
        let jobs = ContainerLayout.jobs(for: Self.table(size(320, 480), [Cell.node("a", row(height: 10))]))
        #expect(jobs.count == 1)
        #expect(jobs[0].range == SizeRange(min: size(320, 0), max: size(320, .greatestFiniteMagnitude)))
    }

    // ASTableViewTests testConstrainedSizeForRowAtIndexPath: 100x400 table, the
    // delegate's exact (10, 42) -> every row 100 wide and 42 + 1/scale tall.
    @Test(arguments: [1.0, 2.0, 3.0])
    func delegateRangeWidthIsIgnored(scale: Double) {
        var cell = Cell.node("a", Element(.box))
        cell.constrainedSize = SizeRange(exactly: size(10, 42))
        let result = layout(Self.table(size(100, 400), [cell, cell], scale: scale))
        for item in result.sections[0].items {
            #expect(item.frame.width == 100)
            #expect(item.frame.height == 42 + 1 / scale)
            #expect(item.layout?.size == size(100, 42))
        }
        #expect(result.sections[0].items[1].frame.y == 42 + 1 / scale)
    }

    @Test func horizontalContentInsetsNarrowTheRows() {
        let inset = Edges(left: .points(10), right: .points(15))
        let result = layout(Self.table(size(320, 480), [Cell.node("a", row(height: 44))], inset: inset))
        #expect(result.sections[0].items[0].frame == Frame(x: 0, y: 0, width: 320 - 25, height: 45))
        #expect(result.contentSize == size(295, 45))
    }

    @Test func separatorStyleNoneAddsNothing() {
        let result = layout(Self.table(size(320, 480), [Cell.node("a", row(height: 44))], separator: .none))
        let item = result.sections[0].items[0]
        #expect(item.frame.height == 44)
        #expect(item.table?.separatorFrame == nil)
        #expect(item.table?.contentFrame == Frame(x: 0, y: 0, width: 320, height: 44))
    }

    @Test func separatorIsOnePixelBelowTheContentLessItsInsets() {
        var cell = Cell.node("a", row(height: 44))
        cell.separatorInset = Edges(left: .points(15))
        let item = layout(Self.table(size(320, 480), [cell], scale: 2)).sections[0].items[0]
        #expect(item.frame.height == 44.5)
        #expect(item.table?.separatorFrame == Frame(x: 15, y: 44, width: 305, height: 0.5))
        #expect(item.table?.contentFrame == Frame(x: 0, y: 0, width: 320, height: 44))
    }

    @Test(arguments: AccessoryType.allCases)
    func accessoryNarrowsTheContentView(accessory: AccessoryType) {
        var cell = Cell.node("a", row(height: 44))
        cell.accessoryType = accessory
        let accessoryWidth = AccessoryWidths.width(of: accessory)
        let request = Self.table(size(320, 480), [cell], separator: .none)
        // Texture re-measures the node at exactly the content view's width (4.1).
        let contentWidth = 320 - accessoryWidth
        #expect(ContainerLayout.jobs(for: request)[0].range
            == SizeRange(min: size(contentWidth, 0), max: size(contentWidth, .greatestFiniteMagnitude)))
        let item = layout(request).sections[0].items[0]
        #expect(item.frame == Frame(x: 0, y: 0, width: 320, height: 44))
        #expect(item.layout?.size == size(contentWidth, 44))
        #expect(item.table?.contentFrame == Frame(x: 0, y: 0, width: contentWidth, height: 44))
        if accessory == .none {
            #expect(item.table?.accessoryFrame == nil)
        } else {
            #expect(accessoryWidth > 0)
            #expect(item.table?.accessoryFrame == Frame(x: contentWidth, y: 0, width: accessoryWidth, height: 44))
        }
    }

    @Test func accessoryIsOnTheLeftInRightToLeft() {
        var cell = Cell.node("a", row(height: 44))
        cell.accessoryType = .checkmark
        var request = Self.table(size(320, 480), [cell], separator: .none)
        request.direction = .rtl
        let w = AccessoryWidths.width(of: .checkmark)
        let frames = layout(request).sections[0].items[0].table
        #expect(frames?.accessoryFrame == Frame(x: 0, y: 0, width: w, height: 44))
        #expect(frames?.contentFrame == Frame(x: w, y: 0, width: 320 - w, height: 44))
    }

    // ASCellNode.mm: a view-block cell without preferredSize in a table is W x 0.
    @Test func viewCellWithoutPreferredSizeWarnsAndCollapses() {
        let result = layout(Self.table(size(320, 480), [Cell.node("v", Element(.view))]))
        #expect(result.sections[0].items[0].frame == Frame(x: 0, y: 0, width: 320, height: 1))
        #expect(result.warnings.map(\.path.description) == ["/items/0"])
    }

    @Test func viewCellWithPreferredSizeTakesItsHeight() {
        var onCell = Cell.node("a", Element(.view))
        onCell.style.setPreferredSize(size(100, 60))
        let onView = Cell.node("b", box(100, 70).withKind(.view))
        let result = layout(Self.table(size(320, 480), [onCell, onView], separator: .none))
        // The table's exact width wins over the preferred width (1.5).
        #expect(result.sections[0].items.map(\.frame.size) == [size(320, 60), size(320, 70)])
        #expect(result.warnings.isEmpty)
    }

    @Test func interopRowIsTheTableWidthAndItsOwnHeight() {
        let result = layout(Self.table(size(375, 667), [Cell.interop("ad", size: size(300, 120))], separator: .none))
        let item = result.sections[0].items[0]
        #expect(item.frame == Frame(x: 0, y: 0, width: 375, height: 120))
        #expect(item.layout == nil)
        #expect(item.kind == .interop)
    }

    @Test func sectionsStackWithHeadersAndFooters() {
        let sections = [
            Section(id: "a", header: Cell.node("ha", row(height: 30)), footer: Cell.node("fa", row(height: 20)),
                    items: [Cell.node("a0", row(height: 44)), Cell.node("a1", row(height: 50))]),
            Section(id: "b", items: [Cell.node("b0", row(height: 10))]),
        ]
        let request = ContainerRequest(container: Container(type: .table, bounds: size(320, 480)), sections: sections)
        let result = layout(request)
        let a = result.sections[0], b = result.sections[1]
        #expect(a.header?.frame == Frame(x: 0, y: 0, width: 320, height: 30))
        #expect(a.items.map(\.frame.y) == [30, 30 + 45])
        #expect(a.footer?.frame == Frame(x: 0, y: 30 + 45 + 51, width: 320, height: 20))
        #expect(b.items[0].frame == Frame(x: 0, y: 146, width: 320, height: 11))
        #expect(result.contentSize == size(320, 157))
        #expect(b.items[0].index == ip(1, 0))
        #expect(a.footer?.index == ip(0, 0))
    }
}

extension Element {
    func withKind(_ kind: ElementKind) -> Element {
        var e = self
        e.kind = kind
        return e
    }
}
