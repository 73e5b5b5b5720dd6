import WeftLayout

/// The Pinterest-style layout of Texture's CustomCollectionView example
/// (MosaicCollectionLayoutDelegate.m): columns of equal width, `itemSpacing`
/// apart; each item goes to the column where it would start highest (the
/// leftmost on a tie), `lineSpacing` below the column's last item, at the
/// column's width and its own measured height. Horizontal scrolling swaps the
/// axes: the columns become rows of equal height, and an item keeps its own
/// width.
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
            slots.append(BodySlot(
                along: next[column], across: Double(column) * (breadth + m.itemSpacing),
                size: m.size(along: length, across: breadth)))
            next[column] += length + m.lineSpacing
            used[column] = true
        }
        var extent = 0.0
        for c in 0..<count where used[c] { extent = max(extent, next[c] - m.lineSpacing) }
        return SectionBody(slots: slots, length: extent)
    }
}
