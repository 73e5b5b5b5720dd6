import Testing
import WeftCells
import WeftLayout
import WeftService
import WeftText

/// Properties of container layout over seeded random tables of random cells:
/// the worker pool and a measurement cache must not change any result, and a
/// relayout after one cell changes only touches that cell and what follows it.
@Suite struct CellEnginePropertyTests {
    static let seeds: [UInt64] = Array(1...8)
    static let cellsPerTable = 24

    /// A table of random cells, 375 wide; the JSON of each cell's tree comes
    /// back too, as the cache key.
    private func table(seed: UInt64, cells: Int = cellsPerTable) throws -> (ContainerRequest, [String]) {
        var trees = RandomTrees(TreeEntropy(seed: seed))
        trees.maxDepth = 4
        var items: [Cell] = []
        var bodies: [String] = []
        for index in 0..<cells {
            let body = trees.request(width: 375)
            let root = try NodeRequest.decode(Array(body.utf8)).root
            items.append(Cell.node("cell-\(index)", root))
            bodies.append(body)
        }
        let container = Container(type: .table, bounds: Size(width: 375, height: 667))
        return (ContainerRequest(container: container, items: items), bodies)
    }

    private let context = LayoutContext(textMeasurer: WeftTextMeasurer.shared)

    private struct Snapshot: Equatable {
        var contentSize: Size
        var frames: [Frame]
        var layouts: [LayoutNode?]

        init(_ result: ContainerResult) {
            contentSize = result.contentSize
            let items = result.sections.flatMap(\.items)
            frames = items.map(\.frame)
            layouts = items.map(\.layout)
        }
    }

    private func onThePool(_ request: ContainerRequest, workers: Int, cache: LRUCache<String, MeasuredCell>? = nil,
                           keys: [String] = []) -> ContainerResult {
        let pool = LayoutWorkerPool(workers: workers)
        return ContainerLayout.layout(request, context: context) { jobs, context in
            pool.run(count: jobs.count, chunkSize: 2) { index in
                let job = jobs[index]
                let key = cache == nil ? "" : "\(keys[index])|\(job.range)"
                if let cache, let hit = cache.value(for: key) { return hit }
                let measured = CellMeasurer.measure(job.cell, in: job.range, context: context)
                cache?.insert(measured, for: key, cost: 256)
                return measured
            } ?? []
        }
    }

    /// Each cell's tree, laid out in the table's range, keeps the single-tree
    /// invariants (finite frames, a mirror of its tree, a size in its range).
    @Test func everyCellKeepsTheTreeInvariants() throws {
        for seed in Self.seeds {
            let (request, bodies) = try table(seed: seed)
            let result = ContainerLayout.layout(request, context: context)
            for (index, item) in result.sections[0].items.enumerated() {
                // A table cell's range is the table's, not the one in its body.
                var tree = try NodeRequest.decode(Array(bodies[index].utf8))
                tree.sizeRange = SizeRange(min: Size(width: 375, height: 0), max: Size(width: 375, height: .infinity))
                guard let layout = item.layout else { continue }
                let problems = LayoutInvariants.violations(of: layout, for: tree)
                #expect(problems.isEmpty, "seed \(seed) cell \(index): \(problems) for \(bodies[index])")
            }
        }
    }

    @Test func oneThreadAndManyThreadsAgree() throws {
        for seed in Self.seeds {
            let (request, _) = try table(seed: seed)
            let serial = Snapshot(ContainerLayout.layout(request, context: context))
            #expect(Snapshot(onThePool(request, workers: 0)) == serial, "seed \(seed), calling thread only")
            #expect(Snapshot(onThePool(request, workers: 4)) == serial, "seed \(seed), 4 workers")
        }
    }

    /// A cache filled by the first layout answers the second one; both equal a
    /// layout without a cache. A cache too small to hold everything (evicting
    /// as it goes) changes nothing either.
    @Test func theCacheChangesNothing() throws {
        for seed in Self.seeds {
            let (request, keys) = try table(seed: seed)
            let uncached = Snapshot(onThePool(request, workers: 2))
            for capacity in [1 << 20, 1024] {
                let cache = LRUCache<String, MeasuredCell>(capacityBytes: capacity, shardCount: 4)
                #expect(Snapshot(onThePool(request, workers: 2, cache: cache, keys: keys)) == uncached, "seed \(seed), cold")
                #expect(Snapshot(onThePool(request, workers: 2, cache: cache, keys: keys)) == uncached, "seed \(seed), warm")
            }
        }
    }

    /// Replacing cell k's tree leaves every other cell's layout, and the
    /// frames of the cells before k, exactly as they were.
    @Test func changingOneCellTouchesOnlyItAndTheFramesAfterIt() throws {
        for seed in Self.seeds {
            let (request, _) = try table(seed: seed)
            let before = Snapshot(ContainerLayout.layout(request, context: context))
            let k = Int(seed) % Self.cellsPerTable
            var changed = request
            var other = RandomTrees(TreeEntropy(seed: seed &+ 1000))
            changed.sections[0].items[k] = Cell.node("cell-\(k)", try NodeRequest.decode(Array(other.request(width: 375).utf8)).root)
            let after = Snapshot(ContainerLayout.layout(changed, context: context))
            #expect(after.frames[..<k] == before.frames[..<k], "seed \(seed): a frame before cell \(k) moved")
            for index in before.layouts.indices where index != k {
                #expect(after.layouts[index] == before.layouts[index], "seed \(seed): cell \(index) changed with cell \(k)")
                #expect(after.frames[index].size == before.frames[index].size, "seed \(seed): cell \(index) resized")
            }
        }
    }
}
