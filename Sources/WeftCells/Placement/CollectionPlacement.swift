import WeftLayout

/// Places a collection's measured cells with the layout its request names.
enum CollectionPlacement {
    static func place(_ request: ContainerRequest, _ measured: [MeasuredSection], _ geometry: ContainerGeometry) -> Placement {
        // The layouts other than UIKit's flow place sizes alone.
        lazy var sizes = measured.map { SectionSizes(header: $0.header?.size, footer: $0.footer?.size, items: $0.items.map(\.size)) }
        let frames: CollectionFrames
        var warnings: [RequestWarning] = []
        switch geometry.collection {
        case .justifiedFlow?, nil:
            return FlowLayout.place(request, measured, geometry)
        case .startFlow(let metrics)?:
            frames = StartFlowLayout.place(sizes, metrics)
            for index in frames.overflowing {
                let s = sizes[index.section].items[index.item]
                warnings.append(RequestWarning(
                    path: RequestPath.item(index, shorthand: request.usesItemsShorthand),
                    detail: "the item is \(metrics.breadth(s)) points across, more than the \(metrics.available) a flow line offers"))
            }
        case .gallery(let itemSize, let metrics)?:
            frames = GalleryLayout.place(sizes, itemSize: itemSize, metrics)
            if !frames.overflowing.isEmpty {
                let breadth = metrics.breadth(GalleryLayout.cellSize(itemSize: itemSize, metrics.grid))
                warnings.append(RequestWarning(
                    path: ["container", "gallery", "itemSize"],
                    detail: "items are \(breadth) points across, more than the \(metrics.available) a line offers"))
            }
        case .masonry(let columns, let metrics)?:
            frames = MasonryLayout.place(sizes, columns: columns, metrics)
            if MasonryLayout.columnBreadth(columns: columns, metrics) == 0, sizes.contains(where: { !$0.items.isEmpty }) {
                warnings.append(RequestWarning(
                    path: ["container", "masonry", "columns"],
                    detail: "\(columns) columns \(metrics.itemSpacing) points apart leave no room for a column in the \(metrics.available) a line offers"))
            }
        }
        var sections: [SectionResult] = []
        sections.reserveCapacity(request.sections.count)
        for (s, section) in request.sections.enumerated() {
            let ms = measured[s], fs = frames.sections[s]
            func supplementary(_ cell: Cell?, _ m: MeasuredCell?, _ f: Frame?) -> CellResult? {
                guard let cell, let m, let f else { return nil }
                return CellResult(cell, index: IndexPath(section: s, item: 0), frame: f, measured: m)
            }
            let items = section.items.indices.map {
                CellResult(section.items[$0], index: IndexPath(section: s, item: $0), frame: fs.items[$0], measured: ms.items[$0])
            }
            sections.append(SectionResult(
                id: section.id, header: supplementary(section.header, ms.header, fs.header),
                footer: supplementary(section.footer, ms.footer, fs.footer), items: items))
        }
        return Placement(contentSize: frames.contentSize, sections: sections, warnings: warnings)
    }
}

extension Placement {
    /// Sets every header's `pinnedFrame` at the request's content offset.
    mutating func pinHeaders(_ request: ContainerRequest, _ geometry: ContainerGeometry) {
        let c = request.container
        let pinned = PinnedHeaders.frames(
            sections.map { SectionFrames(header: $0.header?.frame, footer: $0.footer?.frame, items: $0.items.map(\.frame)) },
            contentOffset: c.contentOffset, viewport: c.bounds, contentInset: geometry.contentInset,
            contentSize: contentSize, horizontal: geometry.isHorizontal,
            rightToLeft: request.direction == .rtl && geometry.flipsHorizontally,
            insetAfter: c.type == .collection ? Self.sectionInsetAfter(c, horizontal: geometry.isHorizontal) : 0)
        for s in sections.indices { sections[s].header?.pinnedFrame = pinned[s] }
    }

    /// A collection section's inset after its items along the scroll axis,
    /// resolved left to right as its layout resolves it.
    private static func sectionInsetAfter(_ c: Container, horizontal: Bool) -> Double {
        let inset = Insets(c.layoutSectionInset, direction: .ltr, reference: c.bounds)
        return horizontal ? inset.right : inset.bottom
    }

    /// Headers and footers where they are drawn: a pinned header at its pinned frame.
    var supplementaryFrames: [(SupplementaryIndexPath, Frame)] {
        var all: [(SupplementaryIndexPath, Frame)] = []
        for (s, section) in sections.enumerated() {
            if let h = section.header { all.append((.header(s), h.pinnedFrame ?? h.frame)) }
            if let f = section.footer { all.append((.footer(s), f.frame)) }
        }
        return all
    }
}
