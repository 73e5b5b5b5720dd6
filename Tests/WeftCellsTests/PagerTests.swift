import Testing
import WeftCells
import WeftLayout

@Suite struct PagerTests {
    static func pager(
        _ bounds: Size, pages: Int, offset: Double = 0, currentPage: Int? = nil, previousBounds: Size? = nil,
        circular: Bool = false, inset: Edges = .none
    ) -> ContainerRequest {
        let container = Container(
            type: .pager, bounds: bounds, contentOffset: Point(x: offset, y: 0), contentInset: inset,
            currentPage: currentPage, previousBounds: previousBounds, circular: circular)
        return ContainerRequest(container: container, items: (0..<pages).map { Cell.node("p\($0)", Element(.box)) })
    }

    @Test func everyPageIsExactlyThePageSizeSideBySide() {
        let request = Self.pager(size(320, 568), pages: 4, inset: Edges(left: .points(8), top: .points(20)))
        // Vertical insets come off the page; horizontal ones do not (4.3).
        let page = size(320, 548)
        #expect(ContainerLayout.jobs(for: request).allSatisfy { $0.range == SizeRange(exactly: page) })
        let result = layout(request)
        for (i, item) in result.sections[0].items.enumerated() {
            #expect(item.frame == Frame(origin: Point(x: Double(i) * 320, y: 0), size: page))
            #expect(item.layout?.size == page)
        }
        #expect(result.contentSize == size(4 * 320, 548))
        #expect(result.hints.pager?.pageCount == 4)
    }

    // ASPagerNodeTests: a 500x500 pager scrolled to page 1 reports page 1.
    @Test func currentPageAfterScrollingToPageOne() {
        let hint = layout(Self.pager(size(500, 500), pages: 3, offset: 500)).hints.pager
        #expect(hint?.currentPage == 1)
        #expect(hint?.targetContentOffset == Point(x: 500, y: 0))
    }

    @Test(arguments: [(0.0, 0), (159.0, 0), (161.0, 1), (640.0, 2), (799.0, 2)])
    func currentPageIsUnderTheCentre(offset: Double, page: Int) {
        // The probe sits at offset + 160; page i spans [320 i, 320 (i + 1)).
        #expect(layout(Self.pager(size(320, 568), pages: 4, offset: offset)).hints.pager?.currentPage == page)
    }

    // Past either end the nearest page is current, also where every page's
    // distance rounds to the same double.
    @Test(arguments: [(5_000.0, 3), (1e12, 3), (1e19, 3), (1e300, 3), (-5_000.0, 0), (-1e19, 0)])
    func offsetPastAnEndSettlesOnTheNearestPage(offset: Double, page: Int) {
        #expect(layout(Self.pager(size(100, 200), pages: 4, offset: offset)).hints.pager?.currentPage == page)
    }

    // Right to left, page 0 is at the far right and the end at offset 0:
    // batch fetching counts the distance to offset 0 (ASBatchFetching.mm for
    // a layout whose end is there), in step with the mirrored frames.
    @Test(arguments: [(900.0, false), (300.0, false), (200.0, true), (0.0, true)])
    func rightToLeftFetchesNearOffsetZero(offset: Double, fetches: Bool) {
        var request = Self.pager(size(100, 200), pages: 10, offset: offset)
        request.direction = .rtl
        request.container.leadingScreensForBatching = 2
        let result = layout(request)
        #expect(result.sections[0].items[0].frame.x == 900)
        #expect(result.hints.batchFetch.shouldFetch == fetches, "offset \(offset)")
        #expect(result.hints.batchFetch.triggerOffset == 200)
    }

    @Test func rotationKeepsThePage() {
        // Page 2 in portrait (offset 640 of 320-wide pages); after rotating to
        // 568 wide the same page is at 2 x 568.
        let request = Self.pager(size(568, 320), pages: 4, offset: 640, previousBounds: size(320, 568))
        let hint = layout(request).hints.pager
        #expect(hint?.currentPage == 2)
        #expect(hint?.targetContentOffset == Point(x: 2 * 568, y: 0))
    }

    @Test func hintsAfterRotationDescribeTheKeptPage() {
        // Read in the old geometry, offset 960 is page 3 of 320-wide pages; in
        // the new one it lies past the content, so the ranges follow the page.
        let result = layout(Self.pager(size(568, 320), pages: 4, offset: 960, previousBounds: size(320, 568)))
        #expect(result.hints.pager?.currentPage == 3)
        #expect(result.hints.ranges.visible == [IndexPath(section: 0, item: 3)])
    }

    @Test func explicitCurrentPageWins() {
        let hint = layout(Self.pager(size(320, 568), pages: 4, offset: 0, currentPage: 3, previousBounds: size(568, 320))).hints.pager
        #expect(hint?.currentPage == 3)
        #expect(hint?.targetContentOffset == Point(x: 960, y: 0))
    }

    @Test(arguments: [false, true])
    func endsWrapOnlyWhenCircular(circular: Bool) {
        let first = layout(Self.pager(size(320, 568), pages: 4, currentPage: 0, circular: circular)).hints.pager
        let last = layout(Self.pager(size(320, 568), pages: 4, currentPage: 3, circular: circular)).hints.pager
        #expect(first?.nextPage == 1)
        #expect(last?.previousPage == 2)
        #expect(first?.previousPage == (circular ? 3 : nil))
        #expect(last?.nextPage == (circular ? 0 : nil))
    }

    @Test func noPagesNoCurrentPage() {
        let hint = layout(Self.pager(size(320, 568), pages: 0)).hints.pager
        #expect(hint == PagerHint(pageCount: 0, currentPage: nil, targetContentOffset: nil, previousPage: nil, nextPage: nil))
    }

    @Test func pagerRangesUseThePagerTuning() {
        // Full display 1/1 around page 2 of 6 (bounds (640, 0, 320, 568)):
        // pages 1...3; full preload 2/2: pages 0...4 (5.5's pager example).
        let r = layout(Self.pager(size(320, 568), pages: 6, offset: 640)).hints.ranges
        #expect(r.visible == [ip(0, 2)])
        #expect(r.display == (1...3).map { ip(0, $0) })
        #expect(r.preload == (0...4).map { ip(0, $0) })
    }

    @Test func constrainedSizeOnAPageIsIgnoredWithAWarning() {
        var request = Self.pager(size(320, 568), pages: 2)
        request.sections[0].items[1].constrainedSize = SizeRange(exactly: size(10, 10))
        let result = layout(request)
        #expect(result.sections[0].items[1].frame.size == size(320, 568))
        #expect(result.warnings.map(\.path.description) == ["/items/1/constrainedSize"])
    }
}
