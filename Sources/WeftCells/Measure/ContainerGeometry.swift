import WeftLayout

/// The numbers every pass needs, resolved once from the request.
struct ContainerGeometry: Sendable {
    /// Tables and collections say "unbounded" with CGFLOAT_MAX, not INF (ASTableView.mm, ASCollectionViewFlowLayoutInspector.mm).
    static let cgFloatMax = Double.greatestFiniteMagnitude

    let type: ContainerType
    let bounds: Size
    let contentInset: Insets
    let direction: LayoutDirection
    let grid: PixelGrid
    let scrollable: ScrollDirection
    /// Collections only.
    let collection: CollectionPlan?

    init(_ request: ContainerRequest) {
        let c = request.container
        type = c.type
        bounds = c.bounds
        direction = request.direction
        grid = PixelGrid(scale: request.pointScale)
        contentInset = Insets(c.contentInset, direction: request.direction, reference: c.bounds)
        switch c.type {
        // Tables scroll vertically; a pager's flow layout is horizontal (ASPagerFlowLayout.mm).
        case .table: scrollable = .vertical
        case .pager: scrollable = .horizontal
        // The flow inspector's scrollable directions: the flow's one axis (4.2).
        case .collection: scrollable = c.scrollDirection == .horizontal ? .horizontal : .vertical
        }
        collection = c.type == .collection ? CollectionPlan(request) : nil
    }

    var isHorizontal: Bool { scrollable.hasHorizontal }

    /// A collection's content extent across its scroll axis
    /// (`Insets.contentAcross`): flow lines, headers and footers span it.
    var collectionAcross: Double {
        contentInset.contentAcross(bounds, scrollingHorizontally: isHorizontal)
    }

    /// A table's "nodes constrained width" (ASTableView.mm): bounds less the
    /// horizontal content insets. Texture only adopts a positive width and
    /// otherwise keeps the one it started with, the bounds width. (The section
    /// index width is UIKit's and not modelled: taken as 0.)
    var tableWidth: Double {
        let w = bounds.width - contentInset.horizontal
        return w > 0 ? w : bounds.width
    }

    /// ASPagerNode's page: vertical insets are subtracted, horizontal ones are not (4.3).
    var pageSize: Size {
        Size(width: bounds.width, height: max(0, bounds.height - contentInset.vertical))
    }

    /// UIKit adds one pixel per row for a single-line separator (4.1); with
    /// no scale the pixel is a point.
    var separatorHeight: Double {
        grid.scale > 0 ? 1 / grid.scale : 1
    }

    /// UICollectionViewFlowLayout flips its layout in right-to-left (its
    /// `flipsHorizontallyInOppositeLayoutDirection`); a table has nothing to flip.
    var flipsHorizontally: Bool { type != .table }
}
