/// One cell's work, decided when its request is read.
public enum CellWork: Sendable {
    /// An interop cell: measured without a tree.
    case interop
    /// Decode the tree, lay it out, encode it, and store it under `key`
    /// when there is one.
    case layOut(key: CellCacheKey?)
    /// Found in the cache; `content` is the tree's hash, for the cell's key.
    case cached(CachedCell, content: ContentHash)
    /// Hash the tree and look it up as part of the cell's own work on the
    /// pool, so that no pass over every tree comes before the first layout
    /// (a stream's first record would wait for it).
    case lookUp

    /// The work of a cell read without a lookup of its own: looked up on the
    /// pool when the cache is on, else laid out. `sentTree`: the request holds
    /// the cell's `node`.
    public static func unplanned(_ cell: Cell, sentTree: Bool, cacheOn: Bool) -> CellWork {
        guard cell.kind == .node, sentTree else { return .interop }
        return cacheOn ? .lookUp : .layOut(key: nil)
    }
}

/// What the runner needs of a service to turn a cell into its outcome.
/// WeftCells reads no JSON: the codec decodes a cell's tree, hashes its
/// content, lays it out and encodes the layout. Cells are named by index;
/// the codec keeps each one's input and outcome.
public protocol CellCodec: Sendable {
    /// What hashing a cell found besides its hash (its nested containers'
    /// cells, say), handed to `layOut` so that nothing is read twice.
    associatedtype Hashing: Sendable
    /// The request's serial: an entry it stored itself is not a hit.
    var serial: UInt64 { get }
    func work(_ k: Int) -> CellWork
    /// Cell `k`'s content hash, or nil when its content cannot be read.
    func hash(_ k: Int) -> (ContentHash, Hashing)?
    /// The cache key of cell `k` whose content hashes to `content`.
    func cacheKey(_ k: Int, _ content: ContentHash) -> CellCacheKey
    /// Decodes, lays out and encodes cell `k` and keeps the outcome; the
    /// entry the cache should keep when `key` is set. `lookedUp`: the cache
    /// was asked first and missed.
    func layOut(_ k: Int, key: CellCacheKey?, hashing: Hashing?, lookedUp: Bool) -> CachedCell?
    /// Keeps cell `k`'s outcome as the cache gave it; `servedFromCache` is
    /// set when the lookup happened on the pool.
    func replay(_ k: Int, _ cached: CachedCell, content: ContentHash, servedFromCache: Bool?)
    /// Measures an interop cell, which brings its own size.
    func measureWithoutTree(_ k: Int)
}

/// Public and inlinable, as `LRUCache` is: its generic entry points are
/// specialized for the codec in the module that calls them, where a package
/// declaration would run unspecialized, looking up generic metadata per cell.
///
/// Runs requests' cells: owns the pool, the cell cache and the turns, and
/// decides for each cell whether the cache answers it or the codec lays it
/// out. Results land in each cell's own slot, so the output does not depend
/// on which thread ran first; a request is cut into chunks that the pool
/// hands out round-robin across requests.
public final class CellRunner: Sendable {
    /// One per worker and one more: every thread that computes holds one.
    package let turns: Turns
    /// The threads that run cells, round-robin across requests.
    public let pool: LayoutWorkerPool
    /// Laid-out cells by content, size range, scale and direction.
    public let cache: CellLayoutCache
    /// Cells per chunk: small enough that a big request interleaves with
    /// others, large enough that handing out chunks stays cheap.
    public let chunkSize: Int

    /// `workers` threads run one request's cells (the calling thread is one
    /// of them); a cache of `cacheBytes` 0 is off.
    package init(workers: Int, cacheBytes: Int, chunkSize: Int) {
        // One turn more than workers: with one per worker, feed-10k clients
        // posting back to back (as many as workers) got 25-45% fewer answers
        // a second than with no limit, the worker process using about 140%
        // of two cores; one more recovers that, and a small request beside
        // them still waits about a slice (scripts/bench-fairness.py).
        turns = Turns(count: workers + 1)
        pool = LayoutWorkerPool(workers: max(0, workers - 1), turns: turns)
        cache = CellLayoutCache(capacityBytes: cacheBytes)
        self.chunkSize = chunkSize
    }

    /// Runs cells `0..<count` in `order` (index order by default); false
    /// when cancelled. `completed` hears of each cell as soon as it and every
    /// cell before it in `order` are done, under the pool's lock.
    @inlinable public func run(
        _ codec: some CellCodec, count: Int, order: [Int]? = nil, cancellation: CancellationFlag? = nil,
        completed: (@Sendable (Int) -> Void)? = nil
    ) -> Bool {
        let runner = self
        return pool.runEach(
            count: count, order: order, chunkSize: chunkSize, cancellation: cancellation,
            sharesWithWorkers: !Self.fewToLayOut(codec, count: count), completed: completed
        ) { k in runner.runCell(k, codec) }
    }

    /// A run whose cells are added while it runs (`PoolFeed`), for a request
    /// laid out while it is read.
    @inlinable public func feed(
        _ codec: some CellCodec, cancellation: CancellationFlag?, completed: (@Sendable (Int) -> Void)?
    ) -> PoolFeed {
        let runner = self
        return pool.feed(chunkSize: chunkSize, cancellation: cancellation, completed: completed) { k in
            runner.runCell(k, codec)
        }
    }

    /// A request whose cells were nearly all seen before is mostly copies
    /// from the cache: waking the pool's threads for them costs more than
    /// the few layouts they would share.
    @inlinable static func fewToLayOut(_ codec: some CellCodec, count: Int) -> Bool {
        var layouts = 0
        for k in 0..<count {
            switch codec.work(k) {
            case .layOut, .lookUp:
                layouts += 1
                if layouts > inlineLayoutLimit { return false }
            case .cached, .interop: continue
            }
        }
        return true
    }

    @usableFromInline static let inlineLayoutLimit = 8

    @inlinable func runCell(_ k: Int, _ codec: some CellCodec) {
        switch codec.work(k) {
        case .interop:
            codec.measureWithoutTree(k)
        case .cached(let cached, let content):
            codec.replay(k, cached, content: content, servedFromCache: nil)
        case .layOut(let key):
            let entry = codec.layOut(k, key: key, hashing: nil, lookedUp: false)
            if let key, let entry { cache.insert(entry, for: key, cost: entry.cost) }
        case .lookUp:
            guard let (content, hashing) = codec.hash(k) else {
                _ = codec.layOut(k, key: nil, hashing: nil, lookedUp: false)
                return
            }
            let key = codec.cacheKey(k, content)
            if let cached = cache.value(for: key) {
                // An entry this same request stored counts as a miss, as it
                // would had the lookups all run before any layout, so the
                // count does not depend on the threads.
                codec.replay(k, cached, content: content, servedFromCache: cached.origin != codec.serial)
                return
            }
            if let entry = codec.layOut(k, key: key, hashing: hashing, lookedUp: true) {
                cache.insert(entry, for: key, cost: entry.cost)
            }
        }
    }
}
