import WeftLayout

public struct Hints: Sendable {
    public var ranges: RangeHints
    public var batchFetch: BatchFetchHint
    public var pages: [PageHint]
    /// Pagers only.
    public var pager: PagerHint?

    public init(ranges: RangeHints, batchFetch: BatchFetchHint, pages: [PageHint], pager: PagerHint?) {
        self.ranges = ranges
        self.batchFetch = batchFetch
        self.pages = pages
        self.pager = pager
    }
}

/// The items in each of Texture's ranges, in index-path order: the items whose
/// interface state has the `visible`, `display` and `preload` bit (ASRangeController.mm).
public struct RangeHints: Sendable, Hashable {
    public var visible: [IndexPath]
    public var display: [IndexPath]
    public var preload: [IndexPath]

    public init(visible: [IndexPath], display: [IndexPath], preload: [IndexPath]) {
        self.visible = visible
        self.display = display
        self.preload = preload
    }
}

public struct BatchFetchHint: Sendable, Hashable {
    /// Texture's decision at this offset (ASBatchFetching.mm).
    public var shouldFetch: Bool
    /// The content offset, along the axis the decision reads, at which the
    /// distance test turns true: at or past it (below it for a right-to-left
    /// horizontal container that does not flip) the client should fetch.
    /// Nil when no offset can make it true (no leading screens, empty bounds).
    public var triggerOffset: Double?
    public var leadingScreens: Double

    public init(shouldFetch: Bool, triggerOffset: Double?, leadingScreens: Double) {
        self.shouldFetch = shouldFetch
        self.triggerOffset = triggerOffset
        self.leadingScreens = leadingScreens
    }
}

/// One viewport-long slice of the content along the scroll axis.
public struct PageHint: Sendable, Hashable {
    public var index: Int
    /// The content offset that shows this page.
    public var offset: Point
    /// The first and last items (index-path order) that overlap the page; nil
    /// when none does.
    public var firstItem: IndexPath?
    public var lastItem: IndexPath?

    public init(index: Int, offset: Point, firstItem: IndexPath?, lastItem: IndexPath?) {
        self.index = index
        self.offset = offset
        self.firstItem = firstItem
        self.lastItem = lastItem
    }
}

public struct PagerHint: Sendable, Hashable {
    public var pageCount: Int
    /// Nil when there are no pages.
    public var currentPage: Int?
    /// The offset that shows `currentPage` in the current bounds.
    public var targetContentOffset: Point?
    /// Nil at the ends unless the pager is circular.
    public var previousPage: Int?
    public var nextPage: Int?

    public init(pageCount: Int, currentPage: Int?, targetContentOffset: Point?, previousPage: Int?, nextPage: Int?) {
        self.pageCount = pageCount
        self.currentPage = currentPage
        self.targetContentOffset = targetContentOffset
        self.previousPage = previousPage
        self.nextPage = nextPage
    }
}
