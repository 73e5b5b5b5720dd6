import WeftLayout

/// What a scrolling client needs besides the frames: Texture's ranges, its batch-fetch decision, the pages and, for pagers, the pager's state.
public struct Hints: Sendable {
    /// The items in the visible, display and preload ranges.
    public var ranges: RangeHints
    /// Whether to fetch the next batch, and from which offset.
    public var batchFetch: BatchFetchHint
    /// The content cut into viewport-long pages.
    public var pages: [PageHint]
    /// Pagers only.
    public var pager: PagerHint?

    /// All the hints of one answer.
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
    /// Items that intersect the viewport.
    public var visible: [IndexPath]
    /// Items close enough to draw ahead of time.
    public var display: [IndexPath]
    /// Items close enough to fetch their data.
    public var preload: [IndexPath]
    /// The section headers and footers in each range.
    public var supplementary: SupplementaryRangeHints

    /// The three ranges, and the headers and footers in them.
    public init(
        visible: [IndexPath], display: [IndexPath], preload: [IndexPath],
        supplementary: SupplementaryRangeHints = SupplementaryRangeHints()
    ) {
        self.visible = visible
        self.display = display
        self.preload = preload
        self.supplementary = supplementary
    }

    /// Each range as the wire lists it: items and supplementary views
    /// together, a section's header first and its footer last.
    public var visibleElements: [RangeElement] { Self.merge(visible, supplementary.visible) }
    /// The display range as the wire lists it.
    public var displayElements: [RangeElement] { Self.merge(display, supplementary.display) }
    /// The preload range as the wire lists it.
    public var preloadElements: [RangeElement] { Self.merge(preload, supplementary.preload) }

    static func merge(_ items: [IndexPath], _ supplementary: [SupplementaryIndexPath]) -> [RangeElement] {
        guard !supplementary.isEmpty else { return items.map(RangeElement.item) }
        return (items.map(RangeElement.item) + supplementary.map(RangeElement.supplementary)).sorted()
    }
}

/// The headers and footers in each of Texture's ranges, in section order.
public struct SupplementaryRangeHints: Sendable, Hashable {
    /// Headers and footers that intersect the viewport.
    public var visible: [SupplementaryIndexPath]
    /// Headers and footers close enough to draw ahead of time.
    public var display: [SupplementaryIndexPath]
    /// Headers and footers close enough to fetch their data.
    public var preload: [SupplementaryIndexPath]

    /// The three ranges; empty by default.
    public init(visible: [SupplementaryIndexPath] = [], display: [SupplementaryIndexPath] = [], preload: [SupplementaryIndexPath] = []) {
        self.visible = visible
        self.display = display
        self.preload = preload
    }
}

/// Texture's batch-fetching decision for this container at this offset.
public struct BatchFetchHint: Sendable, Hashable {
    /// Texture's decision at this offset (ASBatchFetching.mm).
    public var shouldFetch: Bool
    /// The content offset, along the axis the decision reads, at which the
    /// distance test turns true: at or past it (below it for a right-to-left
    /// horizontal container that does not flip) the client should fetch.
    /// Nil when no offset can make it true (no leading screens, empty bounds).
    public var triggerOffset: Double?
    /// `leadingScreensForBatching`, as the decision used it.
    public var leadingScreens: Double

    /// A decision and its trigger offset.
    public init(shouldFetch: Bool, triggerOffset: Double?, leadingScreens: Double) {
        self.shouldFetch = shouldFetch
        self.triggerOffset = triggerOffset
        self.leadingScreens = leadingScreens
    }
}

/// One viewport-long slice of the content along the scroll axis.
public struct PageHint: Sendable, Hashable {
    /// The page's place, from 0.
    public var index: Int
    /// The content offset that shows this page.
    public var offset: Point
    /// The first and last items (index-path order) that overlap the page; nil
    /// when none does.
    public var firstItem: IndexPath?
    /// See `firstItem`.
    public var lastItem: IndexPath?

    /// A page and the items on it.
    public init(index: Int, offset: Point, firstItem: IndexPath?, lastItem: IndexPath?) {
        self.index = index
        self.offset = offset
        self.firstItem = firstItem
        self.lastItem = lastItem
    }
}

/// ASPagerNode's state at this offset.
public struct PagerHint: Sendable, Hashable {
    /// Pages, one per item.
    public var pageCount: Int
    /// Nil when there are no pages.
    public var currentPage: Int?
    /// The offset that shows `currentPage` in the current bounds.
    public var targetContentOffset: Point?
    /// Nil at the ends unless the pager is circular.
    public var previousPage: Int?
    /// Nil at the ends unless the pager is circular.
    public var nextPage: Int?

    /// The pager's state.
    public init(pageCount: Int, currentPage: Int?, targetContentOffset: Point?, previousPage: Int?, nextPage: Int?) {
        self.pageCount = pageCount
        self.currentPage = currentPage
        self.targetContentOffset = targetContentOffset
        self.previousPage = previousPage
        self.nextPage = nextPage
    }
}
