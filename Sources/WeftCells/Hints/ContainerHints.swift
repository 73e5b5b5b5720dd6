import WeftLayout

/// Puts the hint calculations together for one placed container.
enum ContainerHints {
    static func compute(
        _ request: ContainerRequest, _ placement: Placement, _ geometry: ContainerGeometry, pageLimit: Int,
        warnings: inout [RequestWarning]
    ) -> Hints {
        let c = request.container
        let frames = placement.itemFrames
        var pager: PagerHint?
        if c.type == .pager {
            let pageFrames = frames.map(\.1)
            var previousFrames: [Frame]?
            if let previous = c.previousBounds {
                // The same pages in the old bounds: the page size follows the bounds (4.3).
                var old = request
                old.container.bounds = previous
                let oldGeometry = ContainerGeometry(old)
                previousFrames = pageFrames.indices.map { PagerLayout.pageFrame($0, count: pageFrames.count, oldGeometry) }
            }
            pager = PagerHints.compute(
                pageFrames: pageFrames, previousPageFrames: previousFrames, bounds: c.bounds,
                previousBounds: c.previousBounds, contentOffset: c.contentOffset, requestedPage: c.currentPage,
                circular: c.circular)
        }
        // After a bounds change the pager scrolls to the offset that keeps its
        // page (`targetContentOffset`); the other hints describe that moment,
        // since `contentOffset` was read in the old geometry.
        let offset = c.previousBounds != nil ? (pager?.targetContentOffset ?? c.contentOffset) : c.contentOffset
        let boundsRect = Frame(origin: offset, size: c.bounds)

        let ranges = RangeSets.compute(RangeSets.Input(
            itemFrames: frames, bounds: boundsRect, mode: c.rangeMode,
            display: RangeTuning.parameters(mode: c.rangeMode, type: .display, container: c.type, overrides: c.rangeTuning),
            preload: RangeTuning.parameters(mode: c.rangeMode, type: .preload, container: c.type, overrides: c.rangeTuning),
            scrollable: geometry.scrollable,
            direction: RangeTuning.rangeDirection(c.scrolling, scrollable: geometry.scrollable),
            containerIsVisible: c.visible, supplementaryFrames: placement.supplementaryFrames))

        // Batch fetching reads the direction as the scroll view reports it: only
        // the scrollable axes' bits, and "not moving" stays none (ASTableView.mm, ASCollectionView.mm).
        // A right-to-left collection's frames are already mirrored in the
        // coordinates the client scrolls in: its first item is at the far
        // right and its end at offset 0, which is how ASBatchFetching.mm
        // reads a layout that does not flip.
        let batchInput = BatchFetching.Input(
            isFetching: c.fetching, direction: c.scrolling.intersection(geometry.scrollable),
            scrollable: geometry.scrollable, bounds: c.bounds, contentSize: placement.contentSize,
            offset: offset, leadingScreens: c.leadingScreensForBatching, visible: c.visible,
            rightToLeft: request.direction == .rtl, flipsHorizontally: false)
        let batch = BatchFetchHint(
            shouldFetch: BatchFetching.shouldFetch(batchInput), triggerOffset: BatchFetching.triggerOffset(batchInput),
            leadingScreens: c.leadingScreensForBatching)

        let pages = Pages.compute(
            itemFrames: frames, contentSize: placement.contentSize, viewport: c.bounds, horizontal: geometry.isHorizontal,
            limit: pageLimit)
        if Pages.isTruncated(
            contentSize: placement.contentSize, viewport: c.bounds, horizontal: geometry.isHorizontal, limit: pageLimit)
        {
            warnings.append(RequestWarning(
                path: ["container", "bounds"], detail: "the pages hint stops at \(pageLimit) pages"))
        }

        return Hints(ranges: ranges, batchFetch: batch, pages: pages, pager: pager)
    }
}
