import WeftLayout

/// The range each container gives each cell (ASTableView.mm, ASCollectionViewFlowLayoutInspector.mm, ASPagerNode.mm).
enum ConstrainedSizes {
    /// `nil` means the cell is not laid out at all (a supplementary view whose
    /// range leaves it no length, ASCollectionViewFlowLayoutInspector.mm).
    static func range(for cell: borrowing Cell, slot: CellSlot, in geometry: ContainerGeometry) -> SizeRange? {
        switch geometry.type {
        case .table: return table(cell, geometry)
        case .pager: return SizeRange(exactly: geometry.pageSize)
        case .collection:
            switch slot {
            case .item: return collectionItem(cell, geometry)
            case .header, .footer: return flowSupplementary(cell, geometry)
            }
        }
    }

    /// Every row (and, in Weft, every section header and footer) is the
    /// table's width and free in height; a cell's own range only contributes
    /// its heights, as Texture ignores the delegate's widths (4.1). With an
    /// accessory UIKit narrows the content view and Texture re-measures the
    /// node at exactly that width (4.1): Weft measures there directly.
    static func table(_ cell: Cell, _ geometry: ContainerGeometry) -> SizeRange {
        let width = TableRow.contentWidth(rowWidth: geometry.tableWidth, accessory: cell.accessoryType)
        let heights = cell.constrainedSize.map { ($0.min.height, $0.max.height) } ?? (0, ContainerGeometry.cgFloatMax)
        return SizeRange(min: Size(width: width, height: heights.0), max: Size(width: width, height: heights.1))
    }

    /// The flow layout inspector (4.2): the cell's own range, unless it is
    /// exactly unconstrained, falls back to the scroll direction's range. Only
    /// the content insets are subtracted, never the section insets.
    static func flowItem(_ cell: Cell, _ geometry: ContainerGeometry) -> SizeRange {
        if let r = cell.constrainedSize, r != .unconstrained { return r }
        let b = geometry.bounds, inset = geometry.contentInset
        if geometry.isHorizontal {
            return SizeRange(min: .zero, max: Size(width: ContainerGeometry.cgFloatMax, height: b.height - inset.vertical))
        }
        return SizeRange(min: .zero, max: Size(width: b.width - inset.horizontal, height: ContainerGeometry.cgFloatMax))
    }

    /// Headers and footers (4.2): only the scrolling axis of their range
    /// counts; across it they are exactly as broad as the content, the
    /// bounds less the content insets on that axis, for every collection
    /// layout. ASCollectionViewFlowLayoutInspector.mm offers the full bounds,
    /// but UICollectionViewFlowLayout frames the view at the content's
    /// breadth (`Size.supplementaryBreadth`), _ASCollectionReusableView.mm
    /// sets the node's frame to that view's bounds, and a node whose bounds
    /// differ from its layout is laid out again at exactly its bounds
    /// (ASDisplayNode+Layout.mm, `_u_measureNodeWithBoundsIfNecessary`):
    /// Weft measures once, at the breadth the node ends up with, so the
    /// layout and the frame agree. (A header whose length depends on its
    /// breadth takes the length it has at the content's breadth, where
    /// Texture keeps the one it measured at the full bounds.) A header cell
    /// without a range is free along the scroll axis (Weft's reading: the
    /// cell is there, so it is measured). A range with no length along the
    /// scroll axis drops the view, as Texture's count of 0 does.
    static func flowSupplementary(_ cell: Cell, _ geometry: ContainerGeometry) -> SizeRange? {
        var r = cell.constrainedSize ?? SizeRange(min: .zero, max: Size(width: ContainerGeometry.cgFloatMax, height: ContainerGeometry.cgFloatMax))
        let breadth = Size.supplementaryBreadth(contentAcross: geometry.collectionAcross)
        if geometry.isHorizontal {
            r.min.height = breadth
            r.max.height = breadth
            return r.max.width > 0 ? r : nil
        }
        r.min.width = breadth
        r.max.width = breadth
        return r.max.height > 0 ? r : nil
    }
}
