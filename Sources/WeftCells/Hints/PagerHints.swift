import WeftLayout

/// ASPagerNode's current page and ASPagerFlowLayout's "stay on the current
/// page across a bounds change" (ASPagerNode.mm, ASPagerFlowLayout.mm), plus circular paging, which
/// Texture lacks.
public enum PagerHints {
    /// - Parameters:
    ///   - pageFrames: every page's frame in the current bounds.
    ///   - previousPageFrames: the same pages in `previousBounds`, when the
    ///     bounds just changed: the current page is looked up there.
    public static func compute(
        pageFrames: [Frame], previousPageFrames: [Frame]?, bounds: Size, previousBounds: Size?,
        contentOffset: Point, requestedPage: Int?, circular: Bool
    ) -> PagerHint {
        let count = pageFrames.count
        guard count > 0 else {
            return PagerHint(pageCount: 0, currentPage: nil, targetContentOffset: nil, previousPage: nil, nextPage: nil)
        }
        let page: Int
        if let requestedPage {
            page = min(max(requestedPage, 0), count - 1)
        } else {
            // `updateCurrentNode`: the page under a 1x1 probe at the centre of
            // the bounds, in the geometry the offset belongs to.
            let viewport = previousBounds ?? bounds
            let frames = previousPageFrames ?? pageFrames
            page = pageUnderCentre(frames, offset: contentOffset, viewport: viewport) ?? nearestPage(frames, offset: contentOffset, viewport: viewport)
        }
        // `targetContentOffsetForProposedContentOffset:`: centre the page in the
        // new bounds horizontally, keep the proposed y.
        let a = pageFrames[page]
        let target = Point(x: a.x - (bounds.width - a.width) / 2, y: contentOffset.y)
        let previous = page > 0 ? page - 1 : (circular ? count - 1 : nil)
        let next = page < count - 1 ? page + 1 : (circular ? 0 : nil)
        return PagerHint(
            pageCount: count, currentPage: page, targetContentOffset: target, previousPage: previous, nextPage: next)
    }

    static func pageUnderCentre(_ frames: [Frame], offset: Point, viewport: Size) -> Int? {
        let probe = Frame(x: offset.x + viewport.width / 2, y: offset.y + viewport.height / 2, width: 1, height: 1)
        return frames.firstIndex { RangeSets.intersects($0, probe) }
    }

    /// An offset past either end probes no page; UIKit's paging then settles
    /// on the nearest one, and so does Weft. So far out that every distance
    /// rounds to the same double, the page furthest toward the offset is
    /// the nearest.
    static func nearestPage(_ frames: [Frame], offset: Point, viewport: Size) -> Int {
        let centre = offset.x + viewport.width / 2
        var best = 0
        var bestDistance = Double.infinity
        var bestMiddle = 0.0
        for (i, f) in frames.enumerated() {
            let middle = f.x + f.width / 2
            let d = abs(middle - centre)
            let furtherToward =
                centre > max(middle, bestMiddle) ? middle > bestMiddle
                : centre < min(middle, bestMiddle) ? middle < bestMiddle : false
            if d < bestDistance || (d == bestDistance && furtherToward) {
                best = i
                bestDistance = d
                bestMiddle = middle
            }
        }
        return best
    }
}
