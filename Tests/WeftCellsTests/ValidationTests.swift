import Testing
import WeftCells
import WeftLayout

@Suite struct ValidationTests {
    static func request(_ type: ContainerType = .table, bounds: Size = size(320, 480), items: [Cell]) -> ContainerRequest {
        ContainerRequest(container: Container(type: type, bounds: bounds), sections: [Section(id: "feed", items: items)])
    }

    static let ok = Cell.node("ok", row(height: 10))

    /// `count` good cells, each with its own id.
    static func oks(_ count: Int, prefix: String = "ok") -> [Cell] {
        (0..<count).map { Cell.node("\(prefix)-\($0)", row(height: 10)) }
    }

    @Test func aGoodRequestHasNoErrors() {
        #expect(ContainerValidation.validate(Self.request(items: [Self.ok])).isEmpty)
    }

    /// At the axis whose value was surely sent; a 0 may be a missing axis,
    /// so it is reported at the size, the nearest member that exists.
    @Test(arguments: [
        (size(0, 480), "/container/bounds"), (size(320, 0), "/container/bounds"),
        (size(-1, 480), "/container/bounds/width"), (size(320, -5), "/container/bounds/height"),
        (size(.infinity, 480), "/container/bounds/width"), (size(.nan, 1), "/container/bounds/width"),
        (size(1e7, 480), "/container/bounds/width"), (size(320, 2e7), "/container/bounds/height"),
    ])
    func boundsMustBePositive(bounds: Size, path: String) {
        let errors = ContainerValidation.validate(Self.request(bounds: bounds, items: [Self.ok]))
        #expect(errors.map(\.path.description) == [path])
        #expect(errors.first?.reason == .invalidValue)
    }

    @Test func nodeCellWithoutNodeIsNamedByPath() {
        let items = Self.oks(3) + [Cell(id: "post-4")]
        let errors = ContainerValidation.validate(Self.request(items: items))
        #expect(errors.map(\.path.description) == ["/sections/0/items/3"])
        #expect(errors.first?.reason == .missingCellContent)
        #expect(errors.first?.detail.contains("post-4") == true)
    }

    @Test func interopCellNeedsSizeOrConstrainedSize() {
        let bare = Cell(id: "ad-1", kind: .interop)
        let sized = Cell.interop("ad-2", size: size(375, 120))
        let ranged = Cell(id: "ad-3", kind: .interop, constrainedSize: SizeRange(exactly: size(375, 90)))
        let errors = ContainerValidation.validate(Self.request(.collection, items: [sized, bare, ranged]))
        #expect(errors.map(\.path.description) == ["/sections/0/items/1"])
        #expect(errors.first?.detail.contains("ad-1") == true)
    }

    @Test func shorthandPathsReadItems() {
        let request = ContainerRequest(container: Container(type: .table, bounds: size(320, 480)), items: [Self.ok, Cell(id: "x")])
        #expect(ContainerValidation.validate(request).map(\.path.description) == ["/items/1"])
    }

    @Test func currentPagePastTheEnd() {
        var request = Self.request(.pager, items: Self.oks(3))
        request.container.currentPage = 3
        let errors = ContainerValidation.validate(request)
        #expect(errors.map(\.path.description) == ["/container/currentPage"])
        #expect(errors.first?.reason == .pageOutOfRange)
        request.container.currentPage = 2
        #expect(ContainerValidation.validate(request).isEmpty)
        request.container.currentPage = -1
        #expect(ContainerValidation.validate(request).map(\.reason) == [.pageOutOfRange])
    }

    @Test func everyCellNeedsAnID() {
        let request = Self.request(items: [Self.ok, Cell(kind: .interop, size: size(10, 10))])
        let errors = ContainerValidation.validate(request)
        #expect(errors.map(\.path.description) == ["/sections/0/items/1"])
        #expect(errors.map(\.reason) == [.missingID])
    }

    @Test func idsAreUniqueAcrossHeadersItemsAndFooters() {
        let section = Section(
            header: Cell.node("a", row(height: 10)), footer: Cell.interop("b", size: size(10, 10)),
            items: [Cell.node("b", row(height: 10)), Cell.node("c", row(height: 10))])
        let request = ContainerRequest(
            container: Container(type: .collection, bounds: size(320, 480)),
            sections: [section, Section(items: [Cell.node("a", row(height: 10))])])
        let errors = ContainerValidation.validate(request)
        // The footer comes after its section's items in the request.
        #expect(errors.map(\.path.description) == ["/sections/0/footer/id", "/sections/1/items/0/id"])
        #expect(errors.map(\.reason) == [.duplicateID, .duplicateID])
        #expect(errors.first?.detail.contains("/sections/0/items/0") == true)
    }

    /// The first ids are compared one by one, the rest through a table:
    /// a repeat is found on either side of that line, and across it.
    @Test(arguments: [(3, 9), (3, 40), (20, 41), (15, 16)])
    func aRepeatedIDIsFoundWhereverBothSit(first: Int, again: Int) {
        var items = (0..<48).map { Cell.node("cell-\($0)", row(height: 10)) }
        items[again] = Cell.node("cell-\(first)", row(height: 10))
        let errors = ContainerValidation.validate(Self.request(items: items))
        #expect(errors.map(\.path.description) == ["/sections/0/items/\(again)/id"])
        #expect(errors.first?.detail.contains("/sections/0/items/\(first)") == true)
    }

    @Test func currentPageOnlyForPagers() {
        var request = Self.request(items: [Self.ok])
        request.container.currentPage = 0
        #expect(ContainerValidation.validate(request).map(\.path.description) == ["/container/currentPage"])
    }

    @Test func aMillionItemsIsOverTheLimit() {
        let items = [Cell](repeating: Self.ok, count: 1_000_000)
        let errors = ContainerValidation.validate(Self.request(items: items))
        #expect(errors.map(\.path.description) == ["/sections/0/items"])
        #expect(errors.first?.reason == .tooManyCells)
    }

    @Test func theLimitCountsEveryCell() {
        let half = ContainerLimits.maxCells / 2
        let section = Section(header: Self.ok, items: Self.oks(half, prefix: "a"))
        let atLimit = ContainerRequest(
            container: Container(type: .table, bounds: size(320, 480)),
            sections: [section, Section(items: Self.oks(half - 1, prefix: "b"))])
        #expect(atLimit.cellCount == ContainerLimits.maxCells)
        #expect(ContainerValidation.validate(atLimit).isEmpty)
        var over = atLimit
        over.sections[1].footer = Self.ok
        #expect(ContainerValidation.validate(over).map(\.path.description) == ["/sections"])
        #expect(ContainerLimits.error(cellCount: ContainerLimits.maxCells, path: ["items"]) == nil)
        #expect(ContainerLimits.error(cellCount: 1_000_000, path: ["items"])?.reason == .tooManyCells)
    }

    @Test func constrainedSizeMinAboveMax() {
        var cell = Self.ok
        cell.constrainedSize = SizeRange(min: size(10, 50), max: size(10, 40))
        #expect(ContainerValidation.validate(Self.request(items: [cell])).map(\.path.description) == ["/sections/0/items/0/constrainedSize/min/height"])
        cell.constrainedSize = SizeRange(min: size(1e7, 0), max: size(.infinity, .infinity))
        #expect(ContainerValidation.validate(Self.request(items: [cell])).map(\.path.description) == ["/sections/0/items/0/constrainedSize/min/width"])
    }

    @Test func pagerHasOneSectionAndNoHeaders() {
        var request = Self.request(.pager, items: [Self.ok])
        request.sections[0].header = Cell.node("header", row(height: 10))
        request.sections.append(Section(items: Self.oks(1, prefix: "second")))
        #expect(ContainerValidation.validate(request).map(\.path.description) == ["/sections/1", "/sections/0/header"])
    }

    @Test func headerAndFooterPaths() {
        let section = Section(header: Cell(id: "h"), footer: Cell(id: "f", kind: .interop), items: [])
        let request = ContainerRequest(container: Container(type: .collection, bounds: size(320, 480)), sections: [section])
        #expect(ContainerValidation.validate(request).map(\.path.description) == ["/sections/0/header", "/sections/0/footer"])
    }

    @Test func badNumbers() {
        var request = Self.request(.collection, items: [Self.ok])
        request.pointScale = -1
        request.container.flow.itemSpacing = -3
        request.container.rangeTuning[RangeTuningKey(mode: .full, type: .preload)] = TuningParameters(leading: -1, trailing: 0)
        request.container.contentOffset.y = .nan
        #expect(ContainerValidation.validate(request).map(\.path.description) == [
            "/pointScale", "/container/contentOffset", "/container/rangeTuning/full/preload", "/container/flow/itemSpacing",
        ])
    }
}
