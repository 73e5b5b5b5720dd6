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

    init(
        viewport: Size, contentInset: Insets = .zero, horizontal: Bool = false, rightToLeft: Bool = false,
        itemSpacing: Double = 0, lineSpacing: Double = 0, sectionInset: Insets = .zero
    ) {
        self.viewport = viewport
        self.contentInset = contentInset
        self.horizontal = horizontal
        self.rightToLeft = rightToLeft
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInset = sectionInset
    }

    /// The content's extent across the scroll axis: the viewport less the
    /// content insets on that axis (only content insets are subtracted, as
    /// ASCollectionViewFlowLayoutInspector.mm does for the item range).
    var across: Double {
        horizontal ? viewport.height - contentInset.vertical : viewport.width - contentInset.horizontal
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
}

/// What a layout makes of one section's items.
struct SectionBody: Sendable {
    var slots: [BodySlot]
    /// The body's extent along the scroll axis.
    var length: Double
    var overflowing: [Int] = []
}

/// The section structure every collection layout shares with the flow
/// layout: header (at the content's leading edge, its measured size), the
/// section inset before, the items as the layout places them, the inset
/// after, footer; a section without items takes no inset. Frames are not
/// rounded: Texture's ASCollectionLayoutState.mm keeps a layout delegate's
/// positions as the layout computed them.
enum CollectionSections {
    static func place(
        _ sections: [SectionSizes], _ metrics: CollectionMetrics, body: (Int, [Size]) -> SectionBody
    ) -> CollectionFrames {
        let m = metrics
        func frame(along: Double, across: Double, size: Size) -> Frame {
            m.horizontal
                ? Frame(x: along, y: across, width: size.width, height: size.height)
                : Frame(x: across, y: along, width: size.width, height: size.height)
        }
        var position = 0.0
        var result: [SectionFrames] = []
        result.reserveCapacity(sections.count)
        var overflowing: [IndexPath] = []
        for (s, section) in sections.enumerated() {
            func supplementary(_ measured: Size?) -> Frame? {
                guard let measured else { return nil }
                let size = measured.supplementary(across: m.viewport, horizontal: m.horizontal)
                defer { position += m.length(size) }
                return frame(along: position, across: 0, size: size)
            }
            let header = supplementary(section.header)
            var items: [Frame] = []
            if !section.items.isEmpty {
                position += m.insetBefore
                let placed = body(s, section.items)
                items = placed.slots.map { frame(along: position + $0.along, across: m.insetStart + $0.across, size: $0.size) }
                overflowing += placed.overflowing.map { IndexPath(section: s, item: $0) }
                position += placed.length + m.insetAfter
            }
            let footer = supplementary(section.footer)
            result.append(SectionFrames(header: header, footer: footer, items: items))
        }
        var frames = CollectionFrames(
            contentSize: m.size(along: position, across: m.across), sections: result, overflowing: overflowing)
        if m.rightToLeft { mirror(&frames) }
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
    /// A section header's or footer's size in a collection: UIKit uses only
    /// the length of its reference size along the scroll axis, so across it
    /// the view fills `bounds` (a node is measured that wide already; an
    /// interop cell brings its own size).
    func supplementary(across bounds: Size, horizontal: Bool) -> Size {
        horizontal ? Size(width: width, height: bounds.height) : Size(width: bounds.width, height: height)
    }
}
