import Synchronization
import Testing
@testable import WeftCells

@Suite struct LayoutWorkerPoolTests {
    @Test(arguments: [0, 1, 3])
    func resultsComeBackInIndexOrder(workers: Int) {
        let pool = LayoutWorkerPool(workers: workers)
        let results = pool.run(count: 1000, chunkSize: 7) { i in i * i }
        #expect(results == (0..<1000).map { $0 * $0 })
    }

    @Test func everyIndexRunsExactlyOnce() {
        let pool = LayoutWorkerPool(workers: 2)
        let counts = Mutex([Int](repeating: 0, count: 500))
        _ = pool.run(count: 500, chunkSize: 3) { i in counts.withLock { $0[i] += 1 } }
        #expect(counts.withLock { $0 } == [Int](repeating: 1, count: 500))
    }

    @Test func completionFollowsTheGivenOrder() {
        let pool = LayoutWorkerPool(workers: 2)
        let order = Array(50..<100) + Array(0..<50)
        let seen = Mutex<[Int]>([])
        _ = pool.run(count: 100, order: order, chunkSize: 4, completed: { i, _ in seen.withLock { $0.append(i) } }) { $0 }
        #expect(seen.withLock { $0 } == order)
    }

    @Test func cancelledJobsStopAndReturnNil() {
        let pool = LayoutWorkerPool(workers: 1)
        let flag = CancellationFlag()
        let ran = Atomic<Int>(0)
        let results = pool.run(count: 10_000, chunkSize: 10, cancellation: flag) { i in
            if ran.add(1, ordering: .relaxed).newValue == 100 { flag.cancel() }
            return i
        }
        #expect(results == nil)
        #expect(ran.load(ordering: .relaxed) < 10_000)
    }

    @Test func concurrentRequestsShareThePool() async {
        let pool = LayoutWorkerPool(workers: 2)
        await withTaskGroup(of: Bool.self) { group in
            for r in 0..<8 {
                group.addTask {
                    let n = 200 + r * 50
                    return pool.run(count: n, chunkSize: 5) { $0 + r } == (0..<n).map { $0 + r }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}

@Suite struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsedWhenOverBudget() {
        let cache = LRUCache<Int, String>(capacityBytes: 30, shardCount: 1)
        cache.insert("a", for: 1, cost: 10)
        cache.insert("b", for: 2, cost: 10)
        cache.insert("c", for: 3, cost: 10)
        _ = cache.value(for: 1)  // 1 is now the most recent; 2 the least
        cache.insert("d", for: 4, cost: 10)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 1) == "a")
        #expect(cache.value(for: 4) == "d")
        #expect(cache.storedBytes == 30)
    }

    @Test func countsHitsAndMisses() {
        let cache = LRUCache<Int, Int>(capacityBytes: 100, shardCount: 2)
        cache.insert(7, for: 7, cost: 1)
        _ = cache.value(for: 7)
        _ = cache.value(for: 8)
        #expect(cache.hits == 1)
        #expect(cache.misses == 1)
    }

    @Test func zeroCapacityStoresNothing() {
        let cache = LRUCache<Int, Int>(capacityBytes: 0)
        cache.insert(1, for: 1, cost: 1)
        #expect(cache.value(for: 1) == nil)
        #expect(cache.count == 0)
    }

    @Test func storingAKeyAgainReplacesItsValueAndCost() {
        let cache = LRUCache<Int, String>(capacityBytes: 30, shardCount: 1)
        cache.insert("a", for: 1, cost: 10)
        cache.insert("b", for: 2, cost: 10)
        cache.insert("a2", for: 1, cost: 15)  // 1 is now the most recent; 2 the least
        #expect(cache.count == 2)
        #expect(cache.storedBytes == 25)
        cache.insert("c", for: 3, cost: 10)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 1) == "a2")
        #expect(cache.value(for: 3) == "c")
        #expect(cache.storedBytes == 25)
    }

    @Test func aValueIsMadeOnlyForANewKey() {
        let cache = LRUCache<Int, String>(capacityBytes: 30, shardCount: 1)
        var made = 0
        func make(_ value: String, cost: Int) -> (value: String, cost: Int) {
            made += 1
            return (value, cost)
        }
        func valueOrMade(_ key: Int, _ value: String, cost: Int) -> String? {
            cache.value(for: key) { make(value, cost: cost) }.map { $0.made ? "made \($0.value)" : $0.value }
        }
        #expect(valueOrMade(1, "a", cost: 10) == "made a")
        #expect(valueOrMade(2, "b", cost: 10) == "made b")
        #expect(valueOrMade(1, "a2", cost: 10) == "a")  // 1 is now the most recent
        #expect(made == 2)
        #expect(valueOrMade(3, "c", cost: 15) == "made c")
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 1) == "a")
        // Larger than the shard: made and handed back, not kept.
        #expect(valueOrMade(4, "d", cost: 31) == "made d")
        #expect(cache.value(for: 4) == nil)
        #expect(cache.storedBytes == 25)
    }

    /// Random inserts, replacements, inserts if absent and lookups against a
    /// list kept in recency order: the cache holds exactly the entries the
    /// list says.
    @Test func agreesWithAListKeptInRecencyOrder() throws {
        var random = SeededRandom(seed: 7)
        let capacity = 200
        let cache = LRUCache<Int, Int>(capacityBytes: capacity, shardCount: 1)
        var model: [(key: Int, value: Int, cost: Int)] = []  // most recent last
        for step in 0..<5_000 {
            let key = Int.random(in: 0..<40, using: &random)
            if Bool.random(using: &random) {
                let found = cache.value(for: key)
                if let i = model.firstIndex(where: { $0.key == key }) {
                    try #require(found == model[i].value, "step \(step)")
                    model.append(model.remove(at: i))
                } else {
                    try #require(found == nil, "step \(step)")
                }
            } else if Bool.random(using: &random) {
                let cost = Int.random(in: 1...60, using: &random)
                cache.insert(step, for: key, cost: cost)
                model.removeAll { $0.key == key }
                model.append((key, step, cost))
                while model.reduce(0, { $0 + $1.cost }) > capacity { model.removeFirst() }
            } else {
                let cost = Int.random(in: 1...60, using: &random)
                let found = try #require(cache.value(for: key) { (step, cost) })
                let made: Int? = found.made ? found.value : nil
                if let i = model.firstIndex(where: { $0.key == key }) {
                    try #require(made == nil, "step \(step)")
                    model.append(model.remove(at: i))
                } else {
                    try #require(made == step, "step \(step)")
                    model.append((key, step, cost))
                    while model.reduce(0, { $0 + $1.cost }) > capacity { model.removeFirst() }
                }
            }
            // The first step that disagrees is enough to replay.
            try #require(cache.count == model.count, "step \(step)")
            try #require(cache.storedBytes == model.reduce(0) { $0 + $1.cost }, "step \(step)")
        }
    }

    @Test func staysWithinBudgetUnderChurn() {
        let cache = LRUCache<Int, [UInt8]>(capacityBytes: 4096, shardCount: 4)
        for i in 0..<10_000 { cache.insert([UInt8](repeating: 0, count: 16), for: i, cost: 16 + i % 50) }
        #expect(cache.storedBytes <= 4096)
        #expect(cache.count > 0)
    }
}
