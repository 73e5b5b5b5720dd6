import WeftLayout

/// A `POST /v1/layout` body (openapi.yaml, `ContainerRequest`): one container,
/// its sections of cells, and the request-wide layout direction and scale.
public struct ContainerRequest: Sendable {
    /// The container and its scroll state.
    public var container: Container
    /// The sections in order (one for the `items` shorthand).
    public var sections: [Section]
    /// True when the client sent the top-level `items` shorthand for one
    /// section; error and warning paths then read `/items/3`, not `/sections/0/items/3`.
    public var usesItemsShorthand: Bool
    /// Layout direction for flex subtrees, and the side a flow layout or pager
    /// mirrors to in right-to-left.
    public var direction: LayoutDirection
    /// Pixels per point, as for a node request; 0 rounds nothing.
    public var pointScale: Double

    /// A request of the given sections.
    public init(
        container: Container, sections: [Section], usesItemsShorthand: Bool = false,
        direction: LayoutDirection = .ltr, pointScale: Double = 0
    ) {
        self.container = container
        self.sections = sections
        self.usesItemsShorthand = usesItemsShorthand
        self.direction = direction
        self.pointScale = pointScale
    }

    /// The shorthand form: one section holding `items`.
    public init(container: Container, items: [Cell], direction: LayoutDirection = .ltr, pointScale: Double = 0) {
        self.init(
            container: container, sections: [Section(items: items)], usesItemsShorthand: true,
            direction: direction, pointScale: pointScale)
    }

    /// Every cell the request carries: items, headers and footers.
    public var cellCount: Int {
        sections.reduce(0) { $0 + $1.items.count + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
    }
}

/// One section: its items and, for collections and tables, its header and footer.
public struct Section: Sendable {
    /// The client's id, echoed in the answer.
    public var id: String?
    /// Collection (and table) section header and footer cells.
    public var header: Cell?
    /// See `header`.
    public var footer: Cell?
    /// The section's cells in order.
    public var items: [Cell]

    /// A section of the given cells.
    public init(id: String? = nil, header: Cell? = nil, footer: Cell? = nil, items: [Cell] = []) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
    }
}
