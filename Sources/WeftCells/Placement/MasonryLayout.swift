import WeftLayout

/// The Pinterest-style layout of Texture's CustomCollectionView example
/// (MosaicCollectionLayoutDelegate.m): columns of equal width, `itemSpacing`
/// apart; each item goes to the column where it would start highest (the
/// leftmost on a tie), `lineSpacing` below the column's last item, at the
/// column's width and its own measured height. Horizontal scrolling swaps the
/// axes: the columns become rows of equal height, and an item keeps its own
/// width.
///
/// An item's frame is its ASLayout's size, as the example frames each cell at
/// `[node layoutThatFits:].size`: ASLayout.mm rounds that up to the pixel
/// grid, so at `pointScale` 2 items of a 33.33-point column are 33.5 wide.
/// Columns still start where the unrounded breadth puts them (the example
/// does not round them, nor does ASCollectionLayoutState.mm), so an item can
/// reach up to a pixel past its column: into the next one when columns are
/// less than a pixel apart, past the section inset from the last one.
///
/// Weft's section structure is the flow's (header, inset, columns, inset,
/// footer), where the example puts the header inside the section inset; an
/// empty section takes no inset.
enum MasonryLayout {
    static func place(_ sections: [SectionSizes], columns: Int, _ metrics: CollectionMetrics) -> CollectionFrames {
        CollectionSections.place(sections, metrics) { _, sizes in body(sizes, columns: columns, metrics) }
    }

    /// A column's extent across the scroll axis: the room left by the section
    /// insets and the spacing between columns, shared equally; never negative.
    static func columnBreadth(columns: Int, _ m: CollectionMetrics) -> Double {
        let n = Double(max(1, columns))
        return max(0, (m.available - (n - 1) * m.itemSpacing) / n)
    }

    /// Whether the columns and the spacing between them fill the line
    /// exactly, the line being no narrower than the spacing alone.
    static func columnsFit(columns: Int, _ m: CollectionMetrics) -> Bool {
        m.available - Double(max(1, columns) - 1) * m.itemSpacing >= 0
    }

    /// The range each item is measured in: exactly the column's breadth
    /// across, free along the scroll axis (the example's
    /// `sizeRangeForItem:`). A cell's own `constrainedSize` only narrows the
    /// length along the scroll axis, since the column fixes the breadth.
    static func itemRange(_ own: SizeRange?, columns: Int, _ m: CollectionMetrics) -> SizeRange {
        let breadth = columnBreadth(columns: columns, m)
        var lengths = (min: 0.0, max: ContainerGeometry.cgFloatMax)
        if let own, own != .unconstrained {
            lengths = (m.length(own.min), min(m.length(own.max), ContainerGeometry.cgFloatMax))
        }
        return SizeRange(min: m.size(along: lengths.min, across: breadth), max: m.size(along: lengths.max, across: breadth))
    }

    static func body(_ sizes: [Size], columns: Int, _ m: CollectionMetrics) -> SectionBody {
        let breadth = columnBreadth(columns: columns, m)
        // What a node measured at exactly the column's breadth is across.
        let cellBreadth = m.grid.ceil(breadth)
        // Mirrored across the columns (right to left, scrolling vertically),
        // column c is where column (columns - 1 - c) is unmirrored, counted
        // from the other inset: computed from that index, the mirror image is
        // exact (the last column at the inset itself, not 4e-14 from it).
        // When the columns overflow the line there is no such symmetry, and
        // the frames are flipped.
        let mirrorsByIndex = m.rightToLeft && !m.horizontal && columnsFit(columns: columns, m)
        let lastColumn = Double(max(1, columns) - 1)
        // Item k never goes right of column k (columns further right are as
        // short, and the leftmost wins a tie), so columns beyond the item
        // count need no tracking: the work stays bounded by the items.
        let count = max(1, min(columns, sizes.count))
        // Where the next item of each column starts along the scroll axis.
        var next = [Double](repeating: 0, count: count)
        var used = [Bool](repeating: false, count: count)
        var slots: [BodySlot] = []
        slots.reserveCapacity(sizes.count)
        for size in sizes {
            var column = 0
            for c in 1..<count where next[c] < next[column] { column = c }
            let length = m.length(size)
            // Mirrored, an item keeps its column's leading edge, now its right
            // one, as a flipped frame would: an item rounded up past the
            // column's breadth reaches further left.
            let mirrored = mirrorsByIndex
                ? (lastColumn - Double(column)) * (breadth + m.itemSpacing) + (breadth - cellBreadth) : nil
            slots.append(BodySlot(
                along: next[column], across: Double(column) * (breadth + m.itemSpacing),
                size: m.size(along: length, across: cellBreadth), mirroredAcross: mirrored))
            next[column] += length + m.lineSpacing
            used[column] = true
        }
        var extent = 0.0
        for c in 0..<count where used[c] { extent = max(extent, next[c] - m.lineSpacing) }
        return SectionBody(slots: slots, length: extent)
    }
}
