import WeftLayout

/// The content cut into viewport-long pages along the scroll axis: what a
/// client pages through, and which items each page shows.
public enum Pages {
    /// Page k starts at k x the viewport's length; the last page may be
    /// partly empty. Content shorter than the viewport (or empty) is one page.
    /// An item belongs to every page it overlaps, with the same edge rule as
    /// the ranges (touching is not overlapping).
    public static func compute(
        itemFrames: [(IndexPath, Frame)], contentSize: Size, viewport: Size, horizontal: Bool
    ) -> [PageHint] {
        let length = horizontal ? viewport.width : viewport.height
        let content = horizontal ? contentSize.width : contentSize.height
        guard length > 0 else { return [] }
        // Guard against floating error making an exact multiple spill into an empty extra page.
        let count = max(1, Int((content / length - 1e-9).rounded(.up)))
        var first = [IndexPath?](repeating: nil, count: count)
        var last = [IndexPath?](repeating: nil, count: count)
        // One pass over the items: each marks the pages it overlaps, so the
        // cost does not grow with pages x items.
        for (index, frame) in itemFrames {
            let start = horizontal ? frame.x : frame.y
            let end = start + (horizontal ? frame.width : frame.height)
            let lo = max(0, Int((start / length).rounded(.down)))
            let hi = min(count - 1, Int((end / length).rounded(.up)) - 1)
            guard lo <= hi else { continue }
            for k in lo...hi {
                if first[k].map({ index < $0 }) ?? true { first[k] = index }
                if last[k].map({ index > $0 }) ?? true { last[k] = index }
            }
        }
        return (0..<count).map { k in
            let offset = Double(k) * length
            return PageHint(
                index: k, offset: horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset),
                firstItem: first[k], lastItem: last[k])
        }
    }
}
