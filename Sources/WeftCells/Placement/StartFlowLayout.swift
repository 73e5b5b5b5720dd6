import WeftLayout

/// `flow.alignment: start`: the lines of Texture's ASCollectionFlowLayoutDelegate.mm,
/// which lays the items out as a horizontal stack that wraps (justify start,
/// align items start, align content start). Each line is filled greedily
/// while the next item fits after `itemSpacing`, as the stack's wrapping
/// breaks lines (ASStackLayoutSpec.mm); an item broader than a line gets a
/// line of its own at the leading inset. Items sit at the start of their
/// line across and along it; a line is as thick as its thickest item, and
/// lines are `lineSpacing` apart.
///
/// Where Weft departs from that delegate: a section starts a new line and
/// has its header, footer and section inset (the delegate concatenates all
/// sections' items and ignores supplementary views); the spacings and inset
/// are the flow's (the delegate's stack has none); and horizontal scrolling
/// swaps the axes, lines becoming columns filled top to bottom (the
/// delegate's stack stays horizontal and never wraps there); and a cell is
/// placed by its measured size alone, so the stack-child style of its node
/// (`flexGrow`, `flexShrink`, `alignSelf`, `spacingBefore`/`After`), which the
/// delegate's stack would apply, is not.
enum StartFlowLayout {
    static func place(_ sections: [SectionSizes], _ metrics: CollectionMetrics) -> CollectionFrames {
        CollectionSections.place(sections, metrics) { _, sizes in lines(sizes, metrics) }
    }

    /// One section's items packed into lines from the start.
    static func lines(_ sizes: [Size], _ m: CollectionMetrics) -> SectionBody {
        let available = m.available
        let lines = FlowLayout.breakIntoLines(sizes.map(m.breadth), available: available, spacing: m.itemSpacing)
        var slots = [BodySlot](repeating: BodySlot(along: 0, across: 0, size: .zero), count: sizes.count)
        var overflowing: [Int] = []
        var along = 0.0
        for (n, line) in lines.enumerated() {
            if n > 0 { along += m.lineSpacing }
            var across = 0.0
            var thickness = 0.0
            for i in line {
                let size = sizes[i]
                slots[i] = BodySlot(along: along, across: across, size: size)
                across += m.breadth(size) + m.itemSpacing
                thickness = max(thickness, m.length(size))
                if m.breadth(size) > available { overflowing.append(i) }
            }
            along += thickness
        }
        return SectionBody(slots: slots, length: along, overflowing: overflowing)
    }
}
