import WeftLayout

/// The content cut into viewport-long pages along the scroll axis: what a
/// client pages through, and which items each page shows.
public enum Pages {
    /// Page k starts at k x the viewport's length; the last page may be
    /// partly empty. Content shorter than the viewport (or empty) is one page.
    /// An item belongs to every page it overlaps, with the same edge rule as
    /// the ranges (touching is not overlapping).
    public static func compute(
        itemFrames: [(IndexPath, Frame)], contentSize: Size, viewport: Size, horizontal: Bool,
        limit: Int = ContainerLimits.maxPages
    ) -> [PageHint] {
        let length = horizontal ? viewport.width : viewport.height
        let content = horizontal ? contentSize.width : contentSize.height
        guard length > 0, content.isFinite else { return [] }
        // Guard against floating error making an exact multiple spill into an
        // empty extra page; a tiny viewport over long content stops at the limit.
        let count = max(1, clampedIndex((content / length - 1e-9).rounded(.up), limit: limit) ?? 1)
        var firstItems = [IndexPath?](repeating: nil, count: count)
        var lastItems = [IndexPath?](repeating: nil, count: count)
        // One pass over the items: each marks the pages it overlaps, so the
        // cost does not grow with pages x items.
        for (index, frame) in itemFrames {
            let start = horizontal ? frame.x : frame.y
            let end = start + (horizontal ? frame.width : frame.height)
            let first = (start / length).rounded(.down), pastLast = (end / length).rounded(.up)
            // Pages first ..< pastLast; skip items wholly outside the pages kept.
            guard first < Double(count), pastLast > 0, first < pastLast else { continue }
            guard let lo = clampedIndex(first, limit: count - 1), let hiPlusOne = clampedIndex(pastLast, limit: count)
            else { continue }
            let hi = hiPlusOne - 1
            for k in lo...hi {
                if firstItems[k].map({ index < $0 }) ?? true { firstItems[k] = index }
                if lastItems[k].map({ index > $0 }) ?? true { lastItems[k] = index }
            }
        }
        return (0..<count).map { k in
            let offset = Double(k) * length
            return PageHint(
                index: k, offset: horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset),
                firstItem: firstItems[k], lastItem: lastItems[k])
        }
    }

    /// `value` as an index in 0...limit; nil for NaN. Converting a huge double
    /// to Int would trap.
    static func clampedIndex(_ value: Double, limit: Int) -> Int? {
        guard !value.isNaN else { return nil }
        if value <= 0 { return 0 }
        if value >= Double(limit) { return limit }
        return Int(value)
    }

    /// Whether `compute` stopped at `limit`.
    public static func isTruncated(
        contentSize: Size, viewport: Size, horizontal: Bool, limit: Int = ContainerLimits.maxPages
    ) -> Bool {
        let length = horizontal ? viewport.width : viewport.height
        let content = horizontal ? contentSize.width : contentSize.height
        return length > 0 && content / length > Double(limit)
    }
}
