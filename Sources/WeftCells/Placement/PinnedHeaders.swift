import WeftLayout

/// `pinHeaders`: where each section header is drawn at a content offset, as a
/// plain UITableView and a flow layout with `sectionHeadersPinToVisibleBounds`
/// float them. A header stays at its own place until the top of the visible
/// bounds (the offset plus the content inset before it) reaches it, then
/// sticks there while its section scrolls under it, until the section's end
/// pushes it out: the header never ends below that end. A flow layout's
/// section ends after its items' section inset and its footer, where the next
/// section's header begins (UICollectionViewFlowLayout); a table's after its
/// last row or footer. Horizontal scrolling pins along x, to the left edge,
/// or to the right edge in a mirrored right-to-left layout.
enum PinnedHeaders {
    /// One pinned frame per section, nil where the section has no header.
    /// `insetAfter`: the section inset after a section's items along the
    /// scroll axis (a collection's, resolved left to right as its layout
    /// resolves it; a section without items has none).
    static func frames(
        _ sections: [SectionFrames], contentOffset: Point, viewport: Size, contentInset: Insets,
        contentSize: Size, horizontal: Bool, rightToLeft: Bool, insetAfter: Double = 0
    ) -> [Frame?] {
        if horizontal && rightToLeft {
            // Mirror into a left-to-right layout, pin there, and mirror back.
            let width = contentSize.width
            func flip(_ f: Frame) -> Frame { Frame(x: width - f.x - f.width, y: f.y, width: f.width, height: f.height) }
            let mirrored = sections.map {
                SectionFrames(header: $0.header.map(flip), footer: $0.footer.map(flip), items: $0.items.map(flip))
            }
            let offset = Point(x: width - contentOffset.x - viewport.width, y: contentOffset.y)
            let inset = Insets(top: contentInset.top, left: contentInset.right, bottom: contentInset.bottom, right: contentInset.left)
            return frames(
                mirrored, contentOffset: offset, viewport: viewport, contentInset: inset, contentSize: contentSize,
                horizontal: true, rightToLeft: false
            ).map { $0.map(flip) }
        }
        let top = horizontal ? contentOffset.x + contentInset.left : contentOffset.y + contentInset.top
        func start(_ f: Frame) -> Double { horizontal ? f.x : f.y }
        func end(_ f: Frame) -> Double { horizontal ? f.x + f.width : f.y + f.height }
        return sections.map { section in
            guard var header = section.header else { return nil }
            var sectionEnd = end(header)
            if !section.items.isEmpty {
                var itemsEnd = -Double.infinity
                for f in section.items { itemsEnd = max(itemsEnd, end(f)) }
                sectionEnd = max(sectionEnd, itemsEnd + insetAfter)
            }
            if let footer = section.footer { sectionEnd = max(sectionEnd, end(footer)) }
            let natural = start(header)
            let length = end(header) - natural
            let pinned = max(natural, min(top, sectionEnd - length))
            if horizontal { header.x = pinned } else { header.y = pinned }
            return header
        }
    }
}
