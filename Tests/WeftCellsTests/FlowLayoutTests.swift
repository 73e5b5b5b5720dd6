import Testing
import WeftCells
import WeftLayout

@Suite struct FlowLayoutTests {
    static func collection(
        _ bounds: Size, _ sections: [Section], direction: FlowScrollDirection = .vertical,
        flow: FlowSettings = FlowSettings(), inset: Edges = .none
    ) -> ContainerRequest {
        ContainerRequest(
            container: Container(type: .collection, bounds: bounds, contentInset: inset, scrollDirection: direction, flow: flow),
            sections: sections)
    }

    static func squares(_ n: Int, _ side: Double) -> [Cell] {
        (0..<n).map { Cell.node("i\($0)", box(side, side)) }
    }

    // Flow inspector (4.2): width less the horizontal content insets, height
    // CGFLOAT_MAX; section insets are not subtracted.
    @Test func verticalItemRangeSubtractsContentInsetsOnly() {
        let request = Self.collection(
            size(320, 568), [Section(items: Self.squares(1, 10))],
            flow: FlowSettings(sectionInset: Edges(left: .points(10))), inset: Edges(left: .points(5), right: .points(7)))
        #expect(ContainerLayout.jobs(for: request)[0].range
            == SizeRange(min: .zero, max: size(320 - 12, .greatestFiniteMagnitude)))
    }

    @Test func horizontalItemRangeSubtractsVerticalContentInsets() {
        let request = Self.collection(
            size(320, 568), [Section(items: Self.squares(1, 10))], direction: .horizontal,
            inset: Edges(top: .points(20), bottom: .points(4)))
        #expect(ContainerLayout.jobs(for: request)[0].range
            == SizeRange(min: .zero, max: size(.greatestFiniteMagnitude, 568 - 24)))
    }

    @Test func cellRangeOverridesUnlessExactlyUnconstrained() {
        var own = Cell.node("a", Element(.box))
        own.constrainedSize = SizeRange(exactly: size(80, 90))
        var unconstrained = Cell.node("b", Element(.box))
        unconstrained.constrainedSize = .unconstrained
        let jobs = ContainerLayout.jobs(for: Self.collection(size(320, 568), [Section(items: [own, unconstrained])]))
        #expect(jobs[0].range == SizeRange(exactly: size(80, 90)))
        #expect(jobs[1].range == SizeRange(min: .zero, max: size(320, .greatestFiniteMagnitude)))
    }

    // ASCollectionViewFlowLayoutInspectorTests: a 100x100 collection, a 125x125
    // header range -> exact (100, 125) vertical, (125, 100) horizontal.
    @Test(arguments: [(FlowScrollDirection.vertical, size(100, 125)), (.horizontal, size(125, 100))])
    func supplementaryRangeFillsAcrossTheCollection(direction: FlowScrollDirection, expected: Size) {
        var header = Cell.node("h", Element(.box))
        header.constrainedSize = SizeRange(exactly: size(125, 125))
        var footer = header
        footer.id = "f"
        let request = Self.collection(size(100, 100), [Section(header: header, footer: footer, items: [])], direction: direction)
        let jobs = ContainerLayout.jobs(for: request)
        #expect(jobs.map(\.range) == [SizeRange(exactly: expected), SizeRange(exactly: expected)])
        let result = layout(request)
        #expect(result.sections[0].header?.frame.size == expected)
    }

    // UIKit uses only the length of a header's reference size: an interop
    // header or footer, which brings its own size, fills across the collection
    // too, in the justified flow and in the layouts that share its sections.
    @Test(arguments: [FlowAlignment.justified, .start])
    func interopSupplementaryFillsAcrossTheCollection(alignment: FlowAlignment) {
        let sections = [Section(
            header: Cell.interop("h", size: size(10, 30)), footer: Cell.interop("f", size: size(40, 20)),
            items: Self.squares(1, 10))]
        let flow = FlowSettings(alignment: alignment)
        let vertical = layout(Self.collection(size(320, 480), sections, flow: flow))
        #expect(vertical.sections[0].header?.frame == Frame(x: 0, y: 0, width: 320, height: 30))
        #expect(vertical.sections[0].footer?.frame.size == size(320, 20))
        let horizontal = layout(Self.collection(size(320, 200), sections, direction: .horizontal, flow: flow))
        #expect(horizontal.sections[0].header?.frame == Frame(x: 0, y: 0, width: 10, height: 200))
        #expect(horizontal.sections[0].footer?.frame.size == size(40, 200))
    }

    @Test func supplementaryWithNoLengthIsDropped() {
        var header = Cell.node("h", Element(.box))
        header.constrainedSize = SizeRange(exactly: .zero)
        let result = layout(Self.collection(size(100, 100), [Section(header: header, items: Self.squares(1, 10))]))
        #expect(result.sections[0].header == nil)
        #expect(result.warnings.map(\.path.description) == ["/sections/0/header"])
    }

    // ASCollectionGalleryLayoutDelegate.mm's numbers, which a flow with these metrics shares:
    // 320 wide, 100x100 items, spacing 10 -> 3 per row at x = 0, 110, 220,
    // rows at y = 0, 110, 220.
    @Test func fullRowsAreJustifiedFromEdgeToEdge() {
        let result = layout(Self.collection(size(320, 568), [Section(items: Self.squares(9, 100))]))
        let frames = result.sections[0].items.map(\.frame)
        for (n, f) in frames.enumerated() {
            #expect(f == Frame(x: Double(n % 3) * 110, y: Double(n / 3) * 110, width: 100, height: 100))
        }
        #expect(result.contentSize == size(320, 3 * 100 + 2 * 10))
    }

    @Test func aLoneItemIsCentredAndAPartialLineSpreads() {
        // 4 items: a full row of 3, then one alone, centred: (320 - 100) / 2.
        let lone = layout(Self.collection(size(320, 568), [Section(items: Self.squares(4, 100))])).sections[0].items
        #expect(lone[3].frame == Frame(x: 110, y: 110, width: 100, height: 100))
        // 5 items: the last line's two sit at the leading and trailing edges.
        let two = layout(Self.collection(size(320, 568), [Section(items: Self.squares(5, 100))])).sections[0].items
        #expect(two[3].frame.x == 0)
        #expect(two[4].frame.maxX == 320)
    }

    @Test func sectionInsetNarrowsTheLines() {
        let inset = Edges(all: .points(10))
        let result = layout(Self.collection(
            size(320, 568), [Section(items: Self.squares(4, 100))], flow: FlowSettings(sectionInset: inset)))
        let frames = result.sections[0].items.map(\.frame)
        // 300 points per line: two items fit (210), a third does not (320).
        #expect(frames.map(\.x) == [10, 310 - 100, 10, 310 - 100])
        #expect(frames.map(\.y) == [10, 10, 120, 120])
        #expect(result.contentSize == size(320, 10 + 100 + 10 + 100 + 10))
    }

    @Test func itemsAreCentredAcrossTheirLine() {
        let cells = [Cell.node("a", box(100, 40)), Cell.node("b", box(100, 100)), Cell.node("c", box(100, 60))]
        let frames = layout(Self.collection(size(320, 568), [Section(items: cells)])).sections[0].items.map(\.frame)
        #expect(frames.map(\.y) == [30, 0, 20])
    }

    @Test func headersAndFootersFrameEachSection() {
        let s0 = Section(header: Cell.node("h0", row(height: 30)), footer: Cell.node("f0", row(height: 20)), items: Self.squares(3, 100))
        let s1 = Section(header: Cell.node("h1", row(height: 30)), items: Self.squares(1, 100))
        let flow = FlowSettings(sectionInset: Edges(top: .points(5), bottom: .points(7)))
        let result = layout(Self.collection(size(320, 568), [s0, s1], flow: flow))
        let a = result.sections[0], b = result.sections[1]
        #expect(a.header?.frame == Frame(x: 0, y: 0, width: 320, height: 30))
        #expect(a.items[0].frame.y == 35)
        #expect(a.footer?.frame == Frame(x: 0, y: 35 + 100 + 7, width: 320, height: 20))
        #expect(b.header?.frame.y == 162)
        #expect(b.items[0].frame == Frame(x: 110, y: 162 + 30 + 5, width: 100, height: 100))
        #expect(result.contentSize.height == 162 + 30 + 5 + 100 + 7)
    }

    @Test func horizontalFlowFillsColumnsTopToBottom() {
        // 250 tall, 100x100 items, spacing 10: two per column (210 <= 250),
        // justified to the top and bottom edges; columns 110 apart.
        let result = layout(Self.collection(size(320, 250), [Section(items: Self.squares(4, 100))], direction: .horizontal))
        let frames = result.sections[0].items.map(\.frame)
        #expect(frames.map(\.x) == [0, 0, 110, 110])
        #expect(frames.map(\.y) == [0, 150, 0, 150])
        #expect(result.contentSize == size(210, 250))
    }

    @Test func rightToLeftMirrorsTheLayout() {
        let flow = FlowSettings(sectionInset: Edges(start: .points(20)))
        var request = Self.collection(size(320, 568), [Section(items: Self.squares(1, 100))], flow: flow)
        let ltr = layout(request).sections[0].items[0].frame
        request.direction = .rtl
        let rtl = layout(request).sections[0].items[0].frame
        #expect(rtl.x == 320 - ltr.x - ltr.width)
        #expect(rtl.y == ltr.y)
    }

    @Test func anItemWiderThanALineWarns() {
        let result = layout(Self.collection(size(320, 568), [Section(items: [Cell.node("w", box(400, 10))])]))
        // Its range caps it at 320, so only a cell's own wider range makes this happen.
        #expect(result.warnings.isEmpty)
        var wide = Cell.node("w", box(400, 10))
        wide.constrainedSize = SizeRange(exactly: size(400, 10))
        let warned = layout(Self.collection(size(320, 568), [Section(items: [wide])]))
        #expect(warned.warnings.map(\.path.description) == ["/sections/0/items/0"])
        #expect(warned.sections[0].items[0].frame.x == 0)
    }
}
