import WeftLayout

/// Texture's ASCollectionGalleryLayoutDelegate.mm: every item is exactly
/// `itemSize` (its _ASCollectionGalleryLayoutItem answers that size whatever
/// range it is offered), packed from the start into lines by a wrapping stack
/// with `itemSpacing` between items and `lineSpacing` between lines. That is
/// the start-aligned flow with every item the same size, so it is laid out
/// by it.
///
/// Where Weft departs from that delegate: a section starts a new line and has
/// its own header, footer and section inset (the delegate concatenates the
/// sections' items into one stack inside one inset and ignores supplementary
/// views). With one section and no header or footer the two agree.
enum GalleryLayout {
    static func place(_ sections: [SectionSizes], itemSize: Size, _ metrics: CollectionMetrics) -> CollectionFrames {
        let uniform = sections.map {
            SectionSizes(header: $0.header, footer: $0.footer, items: Array(repeating: itemSize, count: $0.items.count))
        }
        return StartFlowLayout.place(uniform, metrics)
    }

    /// The range each item is measured in: exactly the item size, as the
    /// delegate measures a cell at its frame's size before showing it
    /// (ASCollectionLayoutState.mm). A cell's own `constrainedSize` has no say.
    static func itemRange(itemSize: Size) -> SizeRange {
        SizeRange(exactly: itemSize)
    }
}
