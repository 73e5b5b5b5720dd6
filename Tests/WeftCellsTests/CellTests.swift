import Testing
import WeftCells
import WeftLayout

@Suite struct CellTests {
    static func collection(_ items: [Cell], bounds: Size = size(320, 568)) -> ContainerRequest {
        ContainerRequest(container: Container(type: .collection, bounds: bounds), items: items)
    }

    @Test func interopCellKeepsItsSizeAndGetsNoLayout() {
        let item = layout(Self.collection([Cell.interop("ad", size: size(120, 80))])).sections[0].items[0]
        #expect(item.frame.size == size(120, 80))
        #expect(item.layout == nil)
    }

    @Test func interopCellWithOnlyARangeFillsABoundedOne() {
        let bounded = Cell(id: "a", kind: .interop, constrainedSize: SizeRange(min: size(10, 10), max: size(90, 70)))
        // An unbounded maximum is no valid size: the leaf takes the minimum (3.1 (a)).
        let open = Cell(id: "b", kind: .interop, constrainedSize: SizeRange(min: size(10, 20), max: size(90, .infinity)))
        let items = layout(Self.collection([bounded, open])).sections[0].items
        #expect(items.map(\.frame.size) == [size(90, 70), size(10, 20)])
    }

    // ASLayoutElementSizeResolve (ASDimension.mm): the cell's own preferredSize narrows the container's range
    // where they overlap.
    @Test func cellStyleNarrowsTheFlowRange() {
        var cell = Cell.node("a", Element(.box))
        cell.style.setPreferredSize(size(150, 90))
        let item = layout(Self.collection([cell])).sections[0].items[0]
        #expect(item.frame.size == size(150, 90))
        #expect(item.layout?.size == size(150, 90))
    }

    @Test func cellConstrainedSizeIsWhatTheNodeIsMeasuredIn() {
        var cell = Cell.node("a", Element(.box))
        cell.constrainedSize = SizeRange(min: size(40, 30), max: size(200, 100))
        // A box with no size fills a bounded range (3.1 (a)).
        let item = layout(Self.collection([cell])).sections[0].items[0]
        #expect(item.frame.size == size(200, 100))
    }

    @Test func theRequestsScaleWinsOverTheContext() {
        var request = ContainerRequest(
            container: Container(type: .table, bounds: size(320, 480)), items: [Cell.node("a", row(height: 10.2))],
            pointScale: 2)
        let result = ContainerLayout.layout(request, context: LayoutContext(pointScale: 3))
        // 10.2 ceiled to the 2x grid is 10.5; plus a half-point separator.
        #expect(result.sections[0].items[0].frame.height == 11)
        request.pointScale = 0
        #expect(layout(request).sections[0].items[0].frame.height == 10.2 + 1)
    }

    @Test func apiExampleMixesAPostAndAnAd() {
        var post = Cell.node("post-1", row(height: 60))
        post.accessoryType = .disclosureIndicator
        let ad = Cell.interop("ad-1", size: size(375, 120))
        let container = Container(type: .table, bounds: size(375, 667), rangeMode: .full, leadingScreensForBatching: 2)
        let result = layout(ContainerRequest(container: container, sections: [Section(id: "feed", items: [post, ad])]))
        let items = result.sections[0].items
        #expect(result.sections[0].id == "feed")
        #expect(items.map(\.id) == ["post-1", "ad-1"])
        #expect(items[0].frame == Frame(x: 0, y: 0, width: 375, height: 61))
        #expect(items[1].frame == Frame(x: 0, y: 61, width: 375, height: 121))
        #expect(items[0].layout?.size.width == 375 - AccessoryWidths.width(of: .disclosureIndicator))
        // Content (182) is shorter than the viewport (667): Texture always fetches.
        #expect(result.hints.batchFetch.shouldFetch)
        #expect(result.hints.batchFetch.leadingScreens == 2)
        #expect(result.hints.pages.count == 1)
        #expect(result.hints.pager == nil)
    }

    @Test func fetchingBlocksTheBatchButKeepsTheTrigger() {
        var container = Container(type: .table, bounds: size(320, 500), contentOffset: Point(x: 0, y: 4000), fetching: true)
        let items = (0..<50).map { Cell.node("r\($0)", row(height: 99)) }
        var hint = layout(ContainerRequest(container: container, items: items)).hints.batchFetch
        #expect(!hint.shouldFetch)
        // 50 rows of 99 + 1 = 5000 points: the trigger is 5000 - 500 x 3.
        #expect(hint.triggerOffset == 3500)
        container.fetching = false
        hint = layout(ContainerRequest(container: container, items: items)).hints.batchFetch
        #expect(hint.shouldFetch)
    }

    @Test func tableBatchFetchingIgnoresHorizontalScrolling() {
        // Moving left is "toward the head" only for containers that scroll
        // horizontally; a table reads vertical bits only (5.4).
        let container = Container(
            type: .table, bounds: size(320, 500), contentOffset: Point(x: 0, y: 4000), scrolling: [.down, .left])
        let items = (0..<50).map { Cell.node("r\($0)", row(height: 99)) }
        #expect(layout(ContainerRequest(container: container, items: items)).hints.batchFetch.shouldFetch)
    }
}

@Suite struct MeasurementPassTests {
    @Test func measuringOnAPoolGivesTheSameResult() {
        let request = ContainerRequest(
            container: Container(type: .table, bounds: size(320, 480)),
            items: (0..<100).map { Cell.node("r\($0)", row(height: Double($0 % 13) + 0.3)) }, pointScale: 3)
        let serial = layout(request)
        let pool = LayoutWorkerPool(workers: 2)
        let pooled = ContainerLayout.layout(request, context: LayoutContext()) { jobs, context in
            pool.run(count: jobs.count) { CellMeasurer.measure(jobs[$0].cell, in: jobs[$0].range, context: context) } ?? []
        }
        #expect(pooled.sections[0].items.map(\.frame) == serial.sections[0].items.map(\.frame))
        #expect(pooled.sections[0].items.map(\.layout) == serial.sections[0].items.map(\.layout))
        #expect(pooled.contentSize == serial.contentSize)
    }
}
