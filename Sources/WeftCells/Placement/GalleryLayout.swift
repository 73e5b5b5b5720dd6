import WeftLayout

/// Texture's ASCollectionGalleryLayoutDelegate.mm: every item is exactly
/// `itemSize` (its _ASCollectionGalleryLayoutItem answers that size whatever
/// range it is offered), packed from the start into lines by a wrapping stack
/// with `itemSpacing` between items and `lineSpacing` between lines. That is
/// the start-aligned flow with every item the same size, so it is laid out
/// by it.
///
/// "Exactly `itemSize`" is the size of the item's ASLayout, which ASLayout.mm
/// rounds up to the pixel grid when it is made (`ASCeilPixelValue`): at
/// `pointScale` 2 an item size of 33.3 x 10.1 is 33.5 x 10.5, the stack packs
/// and wraps items of that size, and ASCollectionLayoutState.mm frames each
/// cell at it. A `pointScale` of 0, or an item size on the grid, changes nothing.
///
/// Where Weft departs from that delegate: a section starts a new line and has
/// its own header, footer and section inset (the delegate concatenates the
/// sections' items into one stack inside one inset and ignores supplementary
/// views). With one section and no header or footer the two agree.
enum GalleryLayout {
    static func place(_ sections: [SectionSizes], itemSize: Size, _ metrics: CollectionMetrics) -> CollectionFrames {
        let size = cellSize(itemSize: itemSize, metrics.grid)
        let uniform = sections.map {
            SectionSizes(header: $0.header, footer: $0.footer, items: Array(repeating: size, count: $0.items.count))
        }
        return StartFlowLayout.place(uniform, metrics)
    }

    /// The size every item's frame and layout have: `itemSize` on the pixel grid.
    static func cellSize(itemSize: Size, _ grid: PixelGrid) -> Size {
        grid.ceil(itemSize)
    }

    /// The range each item is measured in: exactly its frame's size, as
    /// ASCollectionLayout.mm measures a cell at its frame's size before
    /// showing it. A cell's own `constrainedSize` has no say.
    static func itemRange(itemSize: Size, _ grid: PixelGrid) -> SizeRange {
        SizeRange(exactly: cellSize(itemSize: itemSize, grid))
    }
}
