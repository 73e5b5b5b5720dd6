import WeftLayout

/// A collection's layout, resolved once from the request: which layout
/// places the items, with its metrics in points.
enum CollectionPlan: Sendable {
    /// UIKit's flow (FlowLayout), which reads its metrics from the request.
    case justifiedFlow
    case startFlow(CollectionMetrics)
    case gallery(itemSize: Size, CollectionMetrics)
    case masonry(columns: Int, CollectionMetrics)

    init(_ request: ContainerRequest) {
        let c = request.container
        func metrics(_ own: CollectionSpacing) -> CollectionMetrics {
            CollectionMetrics(
                viewport: c.bounds,
                contentInset: Insets(c.contentInset, direction: request.direction, reference: c.bounds),
                horizontal: c.scrollDirection == .horizontal, rightToLeft: request.direction == .rtl,
                itemSpacing: own.itemSpacing ?? c.flow.itemSpacing, lineSpacing: own.lineSpacing ?? c.flow.lineSpacing,
                // Left to right, as FlowLayout resolves it: the mirror flips it with the rest.
                sectionInset: Insets(c.layoutSectionInset, direction: .ltr, reference: c.bounds),
                grid: PixelGrid(scale: request.pointScale))
        }
        switch c.layout {
        case .flow: self = c.flow.alignment == .justified ? .justifiedFlow : .startFlow(metrics(CollectionSpacing()))
        case .gallery: self = .gallery(itemSize: c.gallery.itemSize, metrics(c.gallery.spacing))
        case .masonry: self = .masonry(columns: c.masonry.columns, metrics(c.masonry.spacing))
        }
    }
}

extension Container {
    /// The section inset a collection's layout uses: a gallery's or a
    /// masonry's own where it sets one, else the flow's.
    var layoutSectionInset: Edges {
        switch layout {
        case .flow: return flow.sectionInset
        case .gallery: return gallery.spacing.sectionInset ?? flow.sectionInset
        case .masonry: return masonry.spacing.sectionInset ?? flow.sectionInset
        }
    }
}

extension ConstrainedSizes {
    /// A collection item's range: the flow inspector's for either flow,
    /// exactly the item size (on the pixel grid) in a gallery, the column's
    /// breadth in masonry.
    static func collectionItem(_ cell: Cell, _ geometry: ContainerGeometry) -> SizeRange {
        switch geometry.collection {
        case .gallery(let itemSize, let metrics)?: return GalleryLayout.itemRange(itemSize: itemSize, metrics.grid)
        case .masonry(let columns, let metrics)?: return MasonryLayout.itemRange(cell.constrainedSize, columns: columns, metrics)
        case .justifiedFlow?, .startFlow?, nil: return flowItem(cell, geometry)
        }
    }
}
