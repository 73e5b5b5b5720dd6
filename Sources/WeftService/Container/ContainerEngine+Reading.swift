import WeftCells
import WeftJSON
import WeftLayout

/// Reading a request: decode and validate it, hash the cells' trees and look
/// them up in the cache, so that each cell's work is decided before any layout.
extension ContainerEngine {
    /// Reads the request (checking, not building, each cell's tree),
    /// validates it, and looks every node cell up in the cache. `reportsLines`:
    /// every text lists its line boxes (`?lines=1`). Once `cancellation` is
    /// set, the read stops within a slice and the answer is the
    /// request-timeout problem `respond` gives for cells not laid out.
    /// `resolvesNestedRefs`: the refs nested in trees are resolved now too
    /// (`resolveRefs`), as a stream whose body may hold refs needs: its
    /// status goes out before any tree is laid out.
    package func prepare(
        _ body: [UInt8], reportsLines: Bool = false, resolvesNestedRefs: Bool = false,
        cancellation: CancellationFlag? = nil
    ) -> Preparation {
        var decoded: DecodedContainerRequest
        do throws(RequestError) {
            decoded = try JSONReader.read(body, maxDepth: limits.maxJSONDepth) {
                (r: inout JSONReader) throws(RequestError) -> DecodedContainerRequest in
                r.cancellation = cancellation
                do throws(RequestError) {
                    let decoded = try ContainerRequestDecoder.decode(
                        &r, memo: memo.isEnabled ? memo : nil)
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
        if let unknown = resolveRefs(&decoded, body: body, checkingNested: resolvesNestedRefs) { return .refused(unknown) }
        if let first = ContainerValidation.validate(decoded.request).first {
            return .refused(first.problem)
        }
        if cancellation?.isCancelled ?? false { return .refused(Self.cellsNotLaidOut) }
        let serial = serials.add(1, ordering: .relaxed).newValue
        var prepared = plan(decoded, CellScope(decoded.request, body: body, reportsLines: reportsLines, serial: serial))
        if decoded.answer == .hints, placements.isEnabled, let cells = decoded.cells {
            prepared.placementKey = PlacementKey(
                cells: Self.rawHash(body, cells), shorthand: decoded.request.usesItemsShorthand,
                container: decoded.request.container, direction: decoded.request.direction,
                pointScale: decoded.request.pointScale)
        }
        return .ready(prepared)
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

    /// Each cell's work. A node cell whose tree's hash is already known (the
    /// raw-cell memo knew its bytes) is looked up here, in index order, so
    /// that a request of cells seen before is decided before any layout and
    /// answered on this thread (`CellRunner.fewToLayOut`); any other is hashed and looked
    /// up on the pool, as part of its layout, so that no pass over every tree
    /// comes first (a stream's first record would wait for it). Without a
    /// cache a tree is decoded, and hashed only for its key.
    private func plan(_ decoded: DecodedContainerRequest, _ scope: CellScope) -> PreparedContainer {
        let request = decoded.request
        let jobs = ContainerLayout.jobs(for: request)
        let sources = Self.cellSources(decoded, jobs)
        var work: [CellWork] = []
        work.reserveCapacity(jobs.count)
        var hits = 0, misses = 0
        // By index: a job is a whole cell, and copying 10,000 of them shows
        // in a stream's start record, which waits for this loop.
        for k in jobs.indices {
            Turns.checkpoint()
            guard cache.isEnabled, jobs[k].cell.kind == .node, let node = sources[k].node, let content = node.hash else {
                work.append(.unplanned(jobs[k].cell, sentTree: sources[k].node != nil, cacheOn: cache.isEnabled))
                continue
            }
            let key = cacheKey(content, jobs[k], scope)
            if let cached = cache.value(for: key) {
                hits += 1
                work.append(.cached(cached, content: content))
            } else {
                misses += 1
                work.append(.layOut(key: key))
            }
        }
        var prepared = PreparedContainer(
            request: request, scope: scope, jobs: jobs, work: work, sources: sources, answer: decoded.answer,
            stats: ContainerStats(cells: request.cellCount, cacheHits: hits, cacheMisses: misses))
        prepared.unseen = Self.unseenItems(decoded, jobs)
        return prepared
    }

    /// The cache's key for a cell whose tree hashes to `content`.
    func cacheKey(_ content: ContentHash, _ job: ContainerLayout.CellJob, _ scope: CellScope) -> CellCacheKey {
        CellCacheKey(
            content: content, range: job.range, treeRange: CellMeasurer.treeRange(style: job.cell.style, in: job.range),
            pointScale: scope.pointScale, direction: scope.direction, reportsLines: scope.reportsLines)
    }

    /// Each job's `CellSource`, in job order.
    static func cellSources(_ decoded: DecodedContainerRequest, _ jobs: [ContainerLayout.CellJob]) -> [CellSource] {
        jobs.map { job in decoded.nodes[job.section].cell(job.slot) ?? CellSource() }
    }

    /// The items read in full while the memo is on, by job: remembered once
    /// their trees are hashed (`rememberRead`).
    static func unseenItems(
        _ decoded: DecodedContainerRequest, _ jobs: [ContainerLayout.CellJob]
    ) -> [PreparedContainer.Unseen] {
        guard decoded.nodes.contains(where: { !$0.unseen.isEmpty }) else { return [] }
        var jobOfItem: [[Int]] = decoded.request.sections.map { Array(repeating: -1, count: $0.items.count) }
        for (k, job) in jobs.enumerated() {
            if case .item(let i) = job.slot { jobOfItem[job.section][i] = k }
        }
        var unseen: [PreparedContainer.Unseen] = []
        for (s, section) in decoded.nodes.enumerated() {
            for item in section.unseen where jobOfItem[s][item.item] >= 0 {
                unseen.append(PreparedContainer.Unseen(job: jobOfItem[s][item.item], key: item.key, start: item.start))
            }
        }
        return unseen
    }

    /// Puts the items read in full into the memo, with their trees' hashes
    /// as the pool found them.
    func rememberRead(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) {
        for item in prepared.unseen {
            var source = prepared.sources[item.job]
            // A ref is resolved afresh each time: its content may have left the store.
            guard source.ref == nil else { continue }
            if source.node != nil {
                // A node cell without a hash (not laid out) is not remembered.
                guard let hash = outcomes[item.job].contentHash else { continue }
                source.node?.hash = hash
            }
            let entry = RawCellEntry(cell: prepared.jobs[item.job].cell, source: source.shifted(by: -item.start))
            memo.cache.insert(entry, for: item.key, cost: entry.cost)
        }
    }

    static func hash(_ body: [UInt8], _ source: NodeSource) -> ContentHash? {
        hash(body, source.range)
    }

    /// `hash`, collecting the parts of nested containers' cells on the way.
    static func hash(_ body: [UInt8], _ source: NodeSource, collecting cells: inout NestedCellHashes) -> ContentHash? {
        body.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[source.range]))
            return try? reader.contentHash(collecting: &cells)
        }
    }

    /// The canonical hash of the JSON value at `range`.
    static func hash(_ body: [UInt8], _ range: Range<Int>) -> ContentHash? {
        body.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[range]))
            return try? reader.contentHash()
        }
    }
}
