import WeftLayout

/// What a collection layout needs besides its cells' sizes, resolved to
/// points. Described for vertical scrolling: `along` is the scroll axis,
/// `across` the other one; horizontal scrolling swaps them.
struct CollectionMetrics: Sendable, Hashable {
    var viewport: Size
    /// The scroll view's content insets, resolved in the layout direction.
    var contentInset: Insets
    var horizontal: Bool
    /// Mirrors the whole layout, as a flow layout flips in the opposite
    /// layout direction (UICollectionViewLayout's
    /// `flipsHorizontallyInOppositeLayoutDirection`).
    var rightToLeft: Bool
    /// Between neighbours on a line (a column's neighbours, for masonry).
    var itemSpacing: Double
    /// Between lines (between items of a column, for masonry).
    var lineSpacing: Double
    /// Resolved left-to-right: the mirror flips a leading inset with the rest.
    var sectionInset: Insets
    /// The request's `pointScale`: the grid every measured size is rounded
    /// up to (ASLayout.mm), so the sizes a layout gives its cells are on it too.
    var grid: PixelGrid

    init(
        viewport: Size, contentInset: Insets = .zero, horizontal: Bool = false, rightToLeft: Bool = false,
        itemSpacing: Double = 0, lineSpacing: Double = 0, sectionInset: Insets = .zero, grid: PixelGrid = PixelGrid(scale: 0)
    ) {
        self.viewport = viewport
        self.contentInset = contentInset
        self.horizontal = horizontal
        self.rightToLeft = rightToLeft
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
        self.grid = grid
    }

    /// The content's extent across the scroll axis (`Insets.contentAcross`).
    var across: Double {
        contentInset.contentAcross(viewport, scrollingHorizontally: horizontal)
    }

    /// The room a section's items have across the scroll axis.
    var available: Double { across - insetStart - insetEnd }

    var insetBefore: Double { horizontal ? sectionInset.left : sectionInset.top }
    var insetAfter: Double { horizontal ? sectionInset.right : sectionInset.bottom }
    var insetStart: Double { horizontal ? sectionInset.top : sectionInset.left }
    var insetEnd: Double { horizontal ? sectionInset.bottom : sectionInset.right }

    func length(_ s: Size) -> Double { horizontal ? s.width : s.height }
    func breadth(_ s: Size) -> Double { horizontal ? s.height : s.width }
    /// A size from its extent along and across the scroll axis.
    func size(along: Double, across: Double) -> Size {
        horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}

/// The measured sizes of one section's cells.
struct SectionSizes: Sendable, Hashable {
    var header: Size?
    var footer: Size?
    var items: [Size]

    init(header: Size? = nil, footer: Size? = nil, items: [Size]) {
        self.header = header
        self.footer = footer
        self.items = items
    }
}

/// One section's frames, in content coordinates.
struct SectionFrames: Sendable, Hashable {
    var header: Frame?
    var footer: Frame?
    var items: [Frame]
}

/// A collection layout's answer: frames in content coordinates.
struct CollectionFrames: Sendable, Hashable {
    var contentSize: Size
    var sections: [SectionFrames]
    /// Items broader than the room a section offers across the scroll axis.
    var overflowing: [IndexPath] = []
}

/// An item placed inside its section's body: `along` from the body's start,
/// `across` from the leading section inset.
struct BodySlot: Sendable, Hashable {
    var along: Double
    var across: Double
    var size: Size
    /// Where the item starts across in the mirrored layout, from the
    /// trailing section inset (on the left), when the layout can say so
    /// without flipping `across` against the content's width: a flip
    /// subtracts twice and leaves noise where the mirror image is exact
    /// (`375 - 256.67 - 118.33` is 4e-14, not 0). Nil: the frame is flipped.
    var mirroredAcross: Double?

    init(along: Double, across: Double, size: Size, mirroredAcross: Double? = nil) {
        self.along = along
        self.across = across
        self.size = size
        self.mirroredAcross = mirroredAcross
    }
}

/// What a layout makes of one section's items.
struct SectionBody: Sendable {
    var slots: [BodySlot]
    /// The body's extent along the scroll axis.
    var length: Double
    var overflowing: [Int] = []
}

/// The section structure every collection layout shares with the flow
/// layout: header (at the content's leading edge, its measured length,
/// across the content's breadth), the section inset before, the items as
/// the layout places them, the inset after, footer; a section without items
/// takes no inset. Positions are not rounded: Texture's
/// ASCollectionLayoutState.mm keeps a layout delegate's positions as the
/// layout computed them. Sizes are the layouts' own, which are on the pixel
/// grid when the cells' are.
enum CollectionSections {
    static func place(
        _ sections: [SectionSizes], _ metrics: CollectionMetrics, body: (Int, [Size]) -> SectionBody
    ) -> CollectionFrames {
        let m = metrics
        // Scrolling vertically, the mirror flips the across axis, whose
        // extent is known before anything is placed: frames are mirrored as
        // they are made. Scrolling sideways it flips the scroll axis, whose
        // extent is known once every section is placed.
        let mirrorsAcross = m.rightToLeft && !m.horizontal
        func frame(along: Double, across: Double, size: Size, mirroredAcross: Double? = nil) -> Frame {
            if m.horizontal { return Frame(x: along, y: across, width: size.width, height: size.height) }
            let x = mirrorsAcross ? mirroredAcross ?? (m.across - across - size.width) : across
            return Frame(x: x, y: along, width: size.width, height: size.height)
        }
        var position = 0.0
        var result: [SectionFrames] = []
        result.reserveCapacity(sections.count)
        var overflowing: [IndexPath] = []
        let breadth = Size.supplementaryBreadth(contentAcross: m.across)
        for (s, section) in sections.enumerated() {
            func supplementary(_ measured: Size?) -> Frame? {
                guard let measured else { return nil }
                let size = measured.supplementary(breadth: breadth, horizontal: m.horizontal)
                defer { position += m.length(size) }
                return frame(along: position, across: 0, size: size)
            }
            let header = supplementary(section.header)
            var items: [Frame] = []
            if !section.items.isEmpty {
                position += m.insetBefore
                let placed = body(s, section.items)
                items = placed.slots.map {
                    frame(
                        along: position + $0.along, across: m.insetStart + $0.across, size: $0.size,
                        mirroredAcross: $0.mirroredAcross.map { m.insetEnd + $0 })
                }
                overflowing += placed.overflowing.map { IndexPath(section: s, item: $0) }
                position += placed.length + m.insetAfter
            }
            let footer = supplementary(section.footer)
            result.append(SectionFrames(header: header, footer: footer, items: items))
        }
        var frames = CollectionFrames(
            contentSize: m.size(along: position, across: m.across), sections: result, overflowing: overflowing)
        if m.rightToLeft && m.horizontal { mirror(&frames) }
        return frames
    }

    /// Flips every frame across the content's width.
    static func mirror(_ frames: inout CollectionFrames) {
        let width = frames.contentSize.width
        func flip(_ f: Frame) -> Frame { Frame(x: width - f.x - f.width, y: f.y, width: f.width, height: f.height) }
        for s in frames.sections.indices {
            frames.sections[s].header = frames.sections[s].header.map(flip)
            frames.sections[s].footer = frames.sections[s].footer.map(flip)
            frames.sections[s].items = frames.sections[s].items.map(flip)
        }
    }
}

extension Size {
    /// How broad a section header or footer is across a collection's scroll
    /// axis, given the content's extent there (the bounds less the content
    /// insets on that axis). UICollectionViewFlowLayout lays a section out
    /// across that extent, the collection's width less its content insets
    /// (the room UIKit's own warning says its items must fit in), and
    /// stretches headers and footers over all of it, at the content's
    /// leading edge: a header inside content inset 5 and 7 of a 320-point
    /// collection is 308 wide, as a table's is. Never negative: insets
    /// broader than the bounds leave the view no breadth.
    static func supplementaryBreadth(contentAcross: Double) -> Double { max(0, contentAcross) }

    /// A section header's or footer's size in a collection: UIKit uses only
    /// the length of its reference size along the scroll axis, so across it
    /// the view takes `breadth` (`supplementaryBreadth`; a node is measured
    /// that broad already, an interop cell brings its own size).
    func supplementary(breadth: Double, horizontal: Bool) -> Size {
        horizontal ? Size(width: width, height: breadth) : Size(width: breadth, height: height)
    }
}
