import WeftLayout

/// The kind of scrolling container.
public enum ContainerType: String, Sendable, Hashable, CaseIterable {
    /// ASTableNode.
    case table
    /// ASCollectionNode with a UICollectionViewFlowLayout.
    case collection
    /// ASPagerNode.
    case pager
}

/// The request's `container` object: what the container is and the state
/// Texture would keep on it, which a stateless service has to be told.
public struct Container: Sendable, Hashable {
    /// Table, collection or pager.
    public var type: ContainerType
    /// The viewport's size; must be positive on both axes.
    public var bounds: Size
    /// The scroll position: the content point at the viewport's top-left.
    public var contentOffset: Point
    /// Edges as in openapi.yaml; only points and fractions of the bounds mean anything here.
    public var contentInset: Edges
    /// The direction the content is moving; empty is the wire format's `none`.
    public var scrolling: ScrollDirection
    /// The client is already fetching a batch (Texture's batch context is `fetching`).
    public var fetching: Bool
    /// The container is on screen (has a window, app in the foreground).
    public var visible: Bool
    /// Texture's range mode, which picks the tuning parameters.
    public var rangeMode: RangeMode
    /// Overrides of the default tuning parameters, per mode and range type.
    public var rangeTuning: [RangeTuningKey: TuningParameters]
    /// How many viewport lengths before the end of the content a batch fetch starts.
    public var leadingScreensForBatching: Double

    /// Table only.
    public var separatorStyle: SeparatorStyle
    /// Collection only: the flow layout's scroll direction and metrics.
    public var scrollDirection: FlowScrollDirection
    /// Collection only: the flow layout's spacings and section inset.
    public var flow: FlowSettings
    /// Collection only: how the items are laid out; `gallery` and `masonry`
    /// take their own settings and the flow's metrics where they set none.
    public var layout: CollectionLayoutType
    /// Collection with `layout: gallery` only.
    public var gallery: GallerySettings
    /// Collection with `layout: masonry` only.
    public var masonry: MasonrySettings
    /// Table or collection: answer each section header's pinned frame at this offset.
    public var pinHeaders: Bool
    /// Pager only: the page to keep; by default the page under the viewport's centre.
    public var currentPage: Int?
    /// Pager only: the bounds before a size change (rotation).
    public var previousBounds: Size?
    /// Pager only: `previousPage` / `nextPage` wrap around the ends.
    public var circular: Bool

    /// A container with the wire format's defaults for whatever is not given.
    public init(
        type: ContainerType, bounds: Size, contentOffset: Point = .zero, contentInset: Edges = .none,
        scrolling: ScrollDirection = [], fetching: Bool = false, visible: Bool = true,
        rangeMode: RangeMode = .full, rangeTuning: [RangeTuningKey: TuningParameters] = [:],
        leadingScreensForBatching: Double = 2, separatorStyle: SeparatorStyle = .singleLine,
        scrollDirection: FlowScrollDirection = .vertical, flow: FlowSettings = FlowSettings(),
        currentPage: Int? = nil, previousBounds: Size? = nil, circular: Bool = false,
        layout: CollectionLayoutType = .flow, gallery: GallerySettings = GallerySettings(),
        masonry: MasonrySettings = MasonrySettings(), pinHeaders: Bool = false
    ) {
        self.type = type
        self.bounds = bounds
        self.contentOffset = contentOffset
        self.contentInset = contentInset
        self.scrolling = scrolling
        self.fetching = fetching
        self.visible = visible
        self.rangeMode = rangeMode
        self.rangeTuning = rangeTuning
        self.leadingScreensForBatching = leadingScreensForBatching
        self.separatorStyle = separatorStyle
        self.scrollDirection = scrollDirection
        self.flow = flow
        self.currentPage = currentPage
        self.previousBounds = previousBounds
        self.circular = circular
        self.layout = layout
        self.gallery = gallery
        self.masonry = masonry
        self.pinHeaders = pinHeaders
    }
}

/// UITableViewCellSeparatorStyle: whether a table row has a one-pixel separator.
public enum SeparatorStyle: String, Sendable, Hashable, CaseIterable {
    case singleLine, none
}

/// UICollectionViewScrollDirection of a flow layout.
public enum FlowScrollDirection: String, Sendable, Hashable, CaseIterable {
    case vertical, horizontal
}

/// The flow layout's metrics, with UICollectionViewFlowLayout's defaults (spacings
/// 10, section inset zero).
public struct FlowSettings: Sendable, Hashable {
    /// `minimumInteritemSpacing`: points between items on a line.
    public var itemSpacing: Double
    /// `minimumLineSpacing`: points between lines.
    public var lineSpacing: Double
    /// Space around each section's items.
    public var sectionInset: Edges
    /// How a line's leftover room is laid out.
    public var alignment: FlowAlignment

    /// Flow metrics with UIKit's defaults for what is not given.
    public init(itemSpacing: Double = 10, lineSpacing: Double = 10, sectionInset: Edges = .none, alignment: FlowAlignment = .justified) {
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
        self.alignment = alignment
    }
}

/// How a flow lays out the room left on a line.
public enum FlowAlignment: String, Sendable, Hashable, CaseIterable {
    /// UICollectionViewFlowLayout's: the room is shared between the gaps.
    case justified
    /// ASCollectionFlowLayoutDelegate's: lines packed to the start.
    case start
}

/// How a collection places its items.
public enum CollectionLayoutType: String, Sendable, Hashable, CaseIterable {
    /// UICollectionViewFlowLayout, justified or start-aligned.
    case flow
    /// ASCollectionGalleryLayoutDelegate: every item at one size.
    case gallery
    /// Columns of equal width, each item to the shortest.
    case masonry
}

/// The spacings a gallery or masonry layout may set for itself; each one it
/// leaves nil is the flow's.
public struct CollectionSpacing: Sendable, Hashable {
    /// Points between items on a line (between columns, for masonry).
    public var itemSpacing: Double?
    /// Points between lines (between items of a column, for masonry).
    public var lineSpacing: Double?
    /// Space around each section's items.
    public var sectionInset: Edges?

    /// Spacings that leave out what the flow decides.
    public init(itemSpacing: Double? = nil, lineSpacing: Double? = nil, sectionInset: Edges? = nil) {
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
    }
}

/// ASCollectionGalleryLayoutDelegate's properties: every item is exactly `itemSize`.
public struct GallerySettings: Sendable, Hashable {
    /// Must be positive when the layout is `gallery`.
    public var itemSize: Size
    /// Spacings of its own; the flow's where unset.
    public var spacing: CollectionSpacing

    /// Gallery settings; the item size is required by validation.
    public init(itemSize: Size = .zero, spacing: CollectionSpacing = CollectionSpacing()) {
        self.itemSize = itemSize
        self.spacing = spacing
    }
}

/// Columns of equal width, each item to the shortest.
public struct MasonrySettings: Sendable, Hashable {
    /// At least 1.
    public var columns: Int
    /// Spacings of its own; the flow's where unset.
    public var spacing: CollectionSpacing

    /// Masonry settings, two columns by default.
    public init(columns: Int = 2, spacing: CollectionSpacing = CollectionSpacing()) {
        self.columns = columns
        self.spacing = spacing
    }
}
