import WeftCells
import WeftLayout

/// Reading a request: decode and validate it, hash the cells' trees and look
/// them up in the cache, so that each cell's work is decided before any layout.
extension ContainerEngine {
    /// Reads the request (checking, not building, each cell's tree),
    /// validates it, and looks every node cell up in the cache. `reportsLines`:
    /// every text lists its line boxes (`?lines=1`). Once `cancellation` is
    /// set, the read stops within a slice and the answer is the
    /// request-timeout problem `respond` gives for cells not laid out.
    package func prepare(
        _ body: [UInt8], reportsLines: Bool = false, cancellation: CancellationFlag? = nil
    ) -> Preparation {
        prepare(body, forStream: false, reportsLines: reportsLines, cancellation: cancellation)
    }

    /// `prepare` for a stream, whose start record waits for it. The outcome
    /// is the same as `prepare`'s.
    ///
    /// Its cells are hashed and looked up in the cache on the pool, as part of
    /// their own work (`.lookUp`), and the raw-cell memo is not used: with the
    /// cache on, hashing every tree and scanning every cell for the memo first
    /// would keep a cold feed-10k stream's start record waiting for a quarter of the
    /// whole answer.
    package func prepareStream(_ body: [UInt8], reportsLines: Bool = false) -> Preparation {
        prepare(body, forStream: true, reportsLines: reportsLines)
    }

    private func prepare(
        _ body: [UInt8], forStream: Bool, reportsLines: Bool, cancellation: CancellationFlag? = nil
    ) -> Preparation {
        var decoded: DecodedContainerRequest
        do throws(RequestError) {
            decoded = try JSONReader.read(body, maxDepth: limits.maxJSONDepth) {
                (r: inout JSONReader) throws(RequestError) -> DecodedContainerRequest in
                r.cancellation = cancellation
                do throws(RequestError) {
                    let decoded = try ContainerRequestDecoder.decode(
                        &r, memo: memo.isEnabled && !forStream ? memo : nil)
                    try r.finish()
                    return decoded
                } catch {
                    // A cancelled read does not look on for a syntax error.
                    throw JSONReader.isCancelledRead(error) ? error : r.preferSyntaxError(over: error)
                }
            }
        } catch {
            return .refused(JSONReader.isCancelledRead(error) ? Self.cellsNotLaidOut : Problem(error))
        }
        if let unknown = resolveRefs(&decoded) { return .refused(unknown) }
        if let first = ContainerValidation.validate(decoded.request).first {
            return .refused(first.problem)
        }
        if cancellation?.isCancelled ?? false { return .refused(Self.cellsNotLaidOut) }
        let serial = serials.add(1, ordering: .relaxed).newValue
        var prepared =
            forStream && cache.isEnabled
            ? planLookups(decoded, body: body, serial: serial) : plan(decoded, body: body, reportsLines: reportsLines)
        prepared.serial = serial
        prepared.reportsLines = reportsLines
        if !forStream, decoded.answer == .hints, placements.isEnabled, let cells = decoded.cells {
            prepared.placementKey = PlacementKey(
                cells: Self.rawHash(body, cells), shorthand: decoded.request.usesItemsShorthand,
                container: decoded.request.container, direction: decoded.request.direction,
                pointScale: decoded.request.pointScale)
        }
        return .ready(prepared)
    }

    /// Every node cell left to `.lookUp` on the pool.
    private func planLookups(_ decoded: DecodedContainerRequest, body: [UInt8], serial: UInt64) -> PreparedContainer {
        let request = decoded.request
        let jobs = ContainerLayout.jobs(for: request)
        let sources = Self.cellSources(decoded, jobs)
        var work: [PreparedContainer.CellWork] = []
        work.reserveCapacity(jobs.count)
        for k in jobs.indices {
            work.append(.unplanned(jobs[k].cell, sources[k].node, cacheOn: true))
        }
        return PreparedContainer(
            request: request, body: body, jobs: jobs, work: work, sources: sources, answer: decoded.answer,
            stats: ContainerStats(cells: request.cellCount, cacheHits: 0, cacheMisses: 0), serial: serial)
    }

    /// The response's `stats`: as planned, or counted from `.lookUp` outcomes.
    package func stats(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> ContainerStats {
        var stats = prepared.stats
        for k in outcomes.indices {
            guard let served = outcomes[k].servedFromCache else { continue }
            if served { stats.cacheHits += 1 } else { stats.cacheMisses += 1 }
        }
        return stats
    }

    private func plan(_ decoded: DecodedContainerRequest, body: [UInt8], reportsLines: Bool) -> PreparedContainer {
        let request = decoded.request
        let jobs = ContainerLayout.jobs(for: request)
        let cellSources = Self.cellSources(decoded, jobs)
        let sources: [NodeSource?] = jobs.indices.map { k in jobs[k].cell.kind == .node ? cellSources[k].node : nil }
        // The cells' canonical hashes, on the pool; the lookups then run here,
        // in index order, so that hits and misses do not depend on the threads.
        // Without a cache each cell's hash (for its key) is taken with its layout.
        let hashes = cache.isEnabled
            ? contentHashes(sources, cellSources, body: body) : Array(repeating: nil, count: jobs.count)
        if memo.isEnabled { remember(decoded, jobs: jobs, hashes: hashes) }
        var work: [PreparedContainer.CellWork] = []
        work.reserveCapacity(jobs.count)
        var hits = 0, misses = 0
        // By index: a job is a whole cell, and copying 10,000 of them shows
        // in a stream's start record, which waits for this loop.
        for k in jobs.indices {
            Turns.checkpoint()
            guard let source = sources[k] else {
                work.append(.interop)
                continue
            }
            guard let content = hashes[k] else {
                work.append(.decode(source, key: nil))
                continue
            }
            let key = CellCacheKey(
                content: content, range: jobs[k].range,
                treeRange: CellMeasurer.treeRange(style: jobs[k].cell.style, in: jobs[k].range),
                pointScale: request.pointScale, direction: request.direction, reportsLines: reportsLines)
            if let cached = cache.value(for: key) {
                hits += 1
                work.append(.cached(cached, content: content))
            } else {
                misses += 1
                work.append(.decode(source, key: key))
            }
        }
        return PreparedContainer(
            request: request, body: body, jobs: jobs, work: work, sources: cellSources, answer: decoded.answer,
            stats: ContainerStats(cells: request.cellCount, cacheHits: hits, cacheMisses: misses))
    }

    /// Each job's `CellSource`, in job order.
    static func cellSources(_ decoded: DecodedContainerRequest, _ jobs: [ContainerLayout.CellJob]) -> [CellSource] {
        jobs.map { job in decoded.nodes[job.section].cell(job.slot) ?? CellSource() }
    }

    /// Puts the items read in full into the memo, with their trees' hashes.
    private func remember(_ decoded: DecodedContainerRequest, jobs: [ContainerLayout.CellJob], hashes: [ContentHash?]) {
        var jobOfItem: [[Int]] = decoded.request.sections.map { Array(repeating: -1, count: $0.items.count) }
        for (k, job) in jobs.enumerated() {
            if case .item(let i) = job.slot { jobOfItem[job.section][i] = k }
        }
        for (s, section) in decoded.nodes.enumerated() {
            for unseen in section.unseen {
                let cell = decoded.request.sections[s].items[unseen.item]
                var source = section.items[unseen.item]
                // A ref is resolved afresh each time: its content may have left the store.
                guard source.ref == nil else { continue }
                if source.node != nil {
                    let k = jobOfItem[s][unseen.item]
                    // A node cell without a hash (not laid out) is not remembered.
                    guard k >= 0, let hash = hashes[k] else { continue }
                    source.node?.hash = hash
                }
                let entry = RawCellEntry(cell: cell, source: source.shifted(by: -unseen.start))
                memo.cache.insert(entry, for: unseen.key, cost: entry.cost)
            }
        }
    }

    /// Each node cell's canonical hash. The memo already knows those of cells
    /// seen before; when it knows nearly all, handing the few others to the
    /// pool costs more (a wake-up per thread) than hashing them here.
    private func contentHashes(_ sources: [NodeSource?], _ cells: [CellSource], body: [UInt8]) -> [ContentHash?] {
        let unknown = sources.reduce(0) { $0 + ($1 != nil && $1?.hash == nil ? 1 : 0) }
        if unknown <= Self.inlineHashingLimit {
            return sources.indices.map { k in sources[k].flatMap { $0.hash ?? Self.hash(cells[k].stored ?? body, $0) } }
        }
        return pool.run(count: sources.count, chunkSize: 32) { k in
            sources[k].flatMap { $0.hash ?? Self.hash(cells[k].stored ?? body, $0) }
        } ?? Array(repeating: nil, count: sources.count)
    }

    /// About a chunk of cells: fewer are hashed on the calling thread.
    static let inlineHashingLimit = 32

    static func hash(_ body: [UInt8], _ source: NodeSource) -> ContentHash? {
        hash(body, source.range)
    }

    /// The canonical hash of the JSON value at `range`.
    static func hash(_ body: [UInt8], _ range: Range<Int>) -> ContentHash? {
        body.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[range]))
            return try? reader.contentHash()
        }
    }
}
