import WeftCells
import WeftLayout

/// Recent placements of the cells of `hints` answers, by the exact bytes of
/// the cells and the container fields that place them. A scrolling client
/// asks for hints with the same cells (the same refs, in the same bytes) at
/// every step, and only the content offset moves: such a step is answered
/// from the placement, skipping reading, resolving, measuring and placing
/// its cells. Pinned headers and the hints are computed as for any answer
/// (`ContainerLayout.finish`), so the answer is the one the full path gives.
package final class PlacementMemo: Sendable {
    private let cache: LRUCache<PlacementKey, MemoizedPlacement>

    /// One shard: entries are few and large (a whole feed's cells each).
    package init(capacityBytes: Int) {
        cache = LRUCache(capacityBytes: capacityBytes, shardCount: 1)
    }

    package var isEnabled: Bool { cache.isEnabled }

    /// Scroll steps answered from a placement.
    package var hits: Int { cache.hits }

    func value(for key: PlacementKey) -> MemoizedPlacement? { cache.value(for: key) }

    func insert(_ placement: MemoizedPlacement, for key: PlacementKey) {
        cache.insert(placement, for: key, cost: placement.cost)
    }
}

/// What places a container's cells: their bytes, how the cells were sent
/// (`items` or `sections`), the container without the fields only hints
/// read, the direction and the scale.
package struct PlacementKey: Hashable, Sendable {
    var cells: ContentHash
    var shorthand: Bool
    var container: Container
    var direction: LayoutDirection
    var pointScale: Double

    init(cells: ContentHash, shorthand: Bool, container: Container, direction: LayoutDirection, pointScale: Double) {
        self.cells = cells
        self.shorthand = shorthand
        self.container = Self.placing(container)
        self.direction = direction
        self.pointScale = pointScale
    }

    /// `container` with every field the placement does not read (the offset,
    /// the direction of travel, ranges, batch fetching, pinning, the pager's
    /// current page) set to its default.
    static func placing(_ container: Container) -> Container {
        var placing = Container(type: container.type, bounds: container.bounds)
        placing.contentInset = container.contentInset
        placing.separatorStyle = container.separatorStyle
        placing.scrollDirection = container.scrollDirection
        placing.flow = container.flow
        placing.layout = container.layout
        placing.gallery = container.gallery
        placing.masonry = container.masonry
        placing.circular = container.circular
        return placing
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(cells.low) }
}

/// A request's cells, placed, with what its answer said of them.
final class MemoizedPlacement: Sendable {
    let request: ContainerRequest
    let placed: ContainerLayout.PlacedCells
    let nodeWarnings: [RequestWarning]
    let stats: ContainerStats

    init(request: ContainerRequest, placed: ContainerLayout.PlacedCells, nodeWarnings: [RequestWarning], stats: ContainerStats) {
        self.request = request
        self.placed = placed
        self.nodeWarnings = nodeWarnings
        // Answered again without laying anything out: every cell is a hit.
        self.stats = ContainerStats(cells: stats.cells, cacheHits: stats.cacheHits + stats.cacheMisses, cacheMisses: 0)
    }

    /// About what the cells and their frames hold.
    var cost: Int { 512 + request.cellCount * 600 }
}
