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
public struct Container: Sendable {
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
        currentPage: Int? = nil, previousBounds: Size? = nil, circular: Bool = false
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
public struct FlowSettings: Sendable {
    /// `minimumInteritemSpacing`: points between items on a line.
    public var itemSpacing: Double
    /// `minimumLineSpacing`: points between lines.
    public var lineSpacing: Double
    /// Space around each section's items.
    public var sectionInset: Edges

    /// Flow metrics with UIKit's defaults for what is not given.
    public init(itemSpacing: Double = 10, lineSpacing: Double = 10, sectionInset: Edges = .none) {
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
    }
}
