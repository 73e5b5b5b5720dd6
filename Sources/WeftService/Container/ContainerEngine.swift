import WeftCells
import WeftLayout

/// Issue 6's cell engine: decodes a container request, lays its cells out
/// on a worker pool (decoding each cell's tree there too, unless the cache
/// already has the cell), places them and writes the answer. One per
/// server: it owns the pool and the cache.
///
/// The output is byte-identical at any worker count (results land in index
/// order) and with the cache on or off (a hit replays exactly what a miss
/// computes), except the response's `stats`, which say how it was served.
public final class ContainerEngine: Sendable {
    public let pool: LayoutWorkerPool
    public let cache: CellLayoutCache
    /// Cells by their exact bytes: an unchanged cell is not even read again.
    public let memo: RawCellMemo
    public let textMeasurer: (any TextMeasuring)?
    public let limits: DecodeLimits
    /// Cells per chunk: small enough that a big request interleaves with
    /// others, large enough that handing out chunks stays cheap.
    public let chunkSize: Int
    /// How long one request's cells may take before the rest are dropped
    /// (the answer is then a 408, or a stream's `error` record).
    public let timeoutSeconds: Double

    /// `workers` threads lay out one request (the calling thread is one of
    /// them); `cacheBytes` 0 disables the cache.
    public init(
        workers: Int, cacheBytes: Int, textMeasurer: (any TextMeasuring)?, limits: DecodeLimits = .standard,
        chunkSize: Int = 16, rememberRawCells: Bool = true, timeoutSeconds: Double = 30
    ) {
        self.timeoutSeconds = timeoutSeconds
        pool = LayoutWorkerPool(workers: max(0, workers - 1))
        // The memo's entries are small; an eighth of the budget holds many.
        cache = CellLayoutCache(capacityBytes: cacheBytes - cacheBytes / 8)
        memo = RawCellMemo(capacityBytes: rememberRawCells ? cacheBytes / 8 : 0)
        self.textMeasurer = textMeasurer
        self.limits = limits
        self.chunkSize = chunkSize
    }

    public var cacheStatistics: CacheStatistics {
        CacheStatistics(hits: cache.hits, misses: cache.misses, storedBytes: cache.storedBytes)
    }

    public enum Preparation: Sendable {
        case ready(PreparedContainer)
        case refused(Problem)
    }

    // MARK: - Stages

    /// Reads the request (checking, not building, each cell's tree),
    /// validates it, and looks every node cell up in the cache.
    public func prepare(_ body: [UInt8]) -> Preparation {
        let decoded: DecodedContainerRequest
        do throws(RequestError) {
            decoded = try JSONReader.read(body, maxDepth: limits.maxJSONDepth) {
                (r: inout JSONReader) throws(RequestError) -> DecodedContainerRequest in
                do throws(RequestError) {
                    let decoded = try ContainerRequestDecoder.decode(&r, memo: memo.isEnabled ? memo : nil)
                    try r.finish()
                    return decoded
                } catch {
                    throw r.preferSyntaxError(over: error)
                }
            }
        } catch {
            return .refused(Problem(error))
        }
        if let first = ContainerValidation.validate(decoded.request).first {
            return .refused(first.problem)
        }
        return .ready(plan(decoded, body: body))
    }

    private func plan(_ decoded: DecodedContainerRequest, body: [UInt8]) -> PreparedContainer {
        let request = decoded.request
        let jobs = ContainerLayout.jobs(for: request)
        let sources: [NodeSource?] = jobs.map { job in
            job.cell.kind == .node ? decoded.nodes[job.section].source(job.slot) : nil
        }
        // The cells' canonical hashes, on the pool; the lookups then run here,
        // in index order, so that hits and misses do not depend on the threads.
        let hashes: [ContentHash?] =
            cache.isEnabled
            ? pool.run(count: jobs.count, chunkSize: 32) { k in
                sources[k].flatMap { $0.hash ?? Self.hash(body, $0) }
            } ?? []
            : []
        if memo.isEnabled && !hashes.isEmpty { remember(decoded, jobs: jobs, hashes: hashes) }
        var work: [PreparedContainer.CellWork] = []
        work.reserveCapacity(jobs.count)
        var hits = 0, misses = 0
        for (k, job) in jobs.enumerated() {
            guard let source = sources[k] else {
                work.append(.interop)
                continue
            }
            guard let content = hashes.isEmpty ? nil : hashes[k] else {
                work.append(.decode(source, key: nil))
                continue
            }
            let key = CellCacheKey(
                content: content, range: job.range,
                treeRange: CellMeasurer.treeRange(style: job.cell.style, in: job.range),
                pointScale: request.pointScale, direction: request.direction)
            if let cached = cache.value(for: key) {
                hits += 1
                work.append(.cached(cached))
            } else {
                misses += 1
                work.append(.decode(source, key: key))
            }
        }
        return PreparedContainer(
            request: request, body: body, jobs: jobs, work: work,
            stats: ContainerStats(cells: request.cellCount, cacheHits: hits, cacheMisses: misses))
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
                var node: (range: Range<Int>, hash: ContentHash)?
                if let source = section.items[unseen.item] {
                    let k = jobOfItem[s][unseen.item]
                    // A node cell without a hash (not laid out) is not remembered.
                    guard k >= 0, let hash = hashes[k] else { continue }
                    node = ((source.range.lowerBound - unseen.start)..<(source.range.upperBound - unseen.start), hash)
                }
                let entry = RawCellEntry(cell: cell, node: node)
                memo.cache.insert(entry, for: unseen.key, cost: entry.cost)
            }
        }
    }

    private static func hash(_ body: [UInt8], _ source: NodeSource) -> ContentHash? {
        body.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[source.range]))
            return try? reader.contentHash()
        }
    }

    /// Measures every job on the pool; nil when cancelled. `completed` gets
    /// each job's outcome in `order` as soon as it and all before it are done.
    public func measure(
        _ prepared: PreparedContainer, order: [Int]? = nil, cancellation: CancellationFlag? = nil,
        completed: (@Sendable (Int, CellOutcome) -> Void)? = nil
    ) -> [CellOutcome]? {
        let context = ContainerLayout.cellContext(prepared.request, LayoutContext(textMeasurer: textMeasurer))
        let engine = self
        return pool.run(
            count: prepared.jobs.count, order: order, chunkSize: chunkSize, cancellation: cancellation,
            completed: completed
        ) { k in
            engine.outcome(of: k, prepared, context)
        }
    }

    private func outcome(of k: Int, _ prepared: PreparedContainer, _ context: LayoutContext) -> CellOutcome {
        let job = prepared.jobs[k]
        switch prepared.work[k] {
        case .cached(let cached):
            return CellOutcome(
                size: cached.size, layout: cached.layout, warnings: cached.warnings, elementCount: cached.elementCount,
                root: cached.root)
        case .interop:
            return CellOutcome(size: CellMeasurer.measure(job.cell, in: job.range, context: context).size, layout: nil)
        case .decode(let source, let key):
            var decoder = ElementDecoder(limits: limits)
            decoder.reportsViewsWithoutSize = false
            let decoded: Result<Element, RequestError> = prepared.body.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[source.range]), maxDepth: limits.maxJSONDepth)
                do throws(RequestError) {
                    return .success(try decoder.decodeRoot(&reader))
                } catch {
                    return .failure(error)
                }
            }
            let root: Element
            switch decoded {
            case .failure(let error):
                return CellOutcome(size: .zero, layout: nil, error: error)
            case .success(let r): root = r
            }
            var cell = job.cell
            cell.node = root
            let measured = CellMeasurer.measure(cell, in: job.range, context: context)
            var out = JSONWriter(capacity: 1024)
            if let node = measured.layout { LayoutResponseEncoder.writeNode(node, root, &out) }
            let bytes = out.bytes
            // Only a view root matters after layout (the view-cell warning reads it).
            var stub: Element?
            if case .view = root.kind {
                stub = root
                stub?.children = []
            }
            let outcome = CellOutcome(
                size: measured.size, layout: bytes, warnings: decoder.warnings, elementCount: decoder.elementCount,
                root: stub)
            if let key {
                let entry = CachedCell(
                    size: measured.size, layout: bytes, warnings: decoder.warnings,
                    elementCount: decoder.elementCount, root: stub)
                cache.insert(entry, for: key, cost: entry.cost)
            }
            return outcome
        }
    }

    /// After measuring: the first cell whose tree broke the contract, or the
    /// cell whose elements take the request past the element limit, as a 422.
    public func check(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> Problem? {
        var elements = 0
        for (k, outcome) in outcomes.enumerated() {
            let nodePath = Self.nodePath(prepared, k)
            if var error = outcome.error {
                error.reversedPath.append(contentsOf: nodePath.components.reversed())
                return Problem(error)
            }
            elements += outcome.elementCount
            if elements > limits.maxElements {
                return Problem(
                    .limitExceeded, detail: "more than \(limits.maxElements) elements in one request", path: nodePath)
            }
        }
        return nil
    }

    /// The jobs with their trees' roots in place, ready for `ContainerLayout.place`.
    public func placedJobs(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> [ContainerLayout.CellJob] {
        var jobs = prepared.jobs
        for k in jobs.indices where outcomes[k].root != nil {
            jobs[k].cell.node = outcomes[k].root
        }
        return jobs
    }

    /// Places the measured cells and computes the hints.
    public func place(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> ContainerResult {
        ContainerLayout.place(
            prepared.request, jobs: placedJobs(prepared, outcomes),
            measured: outcomes.map { MeasuredCell(size: $0.size, layout: nil) })
    }

    /// Every cell's decoding warnings, in job order, with full paths.
    public func nodeWarnings(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> [ResponseWarning] {
        var all: [ResponseWarning] = []
        for (k, outcome) in outcomes.enumerated() where !outcome.warnings.isEmpty {
            let prefix = Self.nodePath(prepared, k)
            all += outcome.warnings.map { ResponseWarning(path: JSONPointer(prefix.components + $0.path.components), detail: $0.detail) }
        }
        return all
    }

    // MARK: - Whole responses

    /// `POST /v1/layout` as one JSON document.
    public func respond(body: [UInt8], cancellation: CancellationFlag? = nil) -> ServiceResponse {
        let prepared: PreparedContainer
        switch prepare(body) {
        case .refused(let problem): return problem.response()
        case .ready(let p): prepared = p
        }
        guard let outcomes = measure(prepared, cancellation: cancellation) else {
            return Problem(
                .requestTimeout,
                detail: "the request's cells were not laid out: it ran out of time or its client went away"
            ).response()
        }
        if let problem = check(prepared, outcomes) { return problem.response() }
        let result = place(prepared, outcomes)
        let bytes = ContainerResponseEncoder.encode(
            result, warnings: nodeWarnings(prepared, outcomes), prepared: prepared, outcomes: outcomes)
        return ServiceResponse(status: 200, contentType: LayoutNodeEndpoint.jsonContentType, body: bytes)
    }

    // MARK: - Paths

    static func nodePath(_ prepared: PreparedContainer, _ k: Int) -> JSONPointer {
        cellPath(prepared.jobs[k], shorthand: prepared.request.usesItemsShorthand).appending(.key("node"))
    }

    static func cellPath(_ job: ContainerLayout.CellJob, shorthand: Bool) -> JSONPointer {
        var components: [JSONPointer.Component] = shorthand ? [] : [.key("sections"), .index(job.section)]
        switch job.slot {
        case .header: components.append(.key("header"))
        case .footer: components.append(.key("footer"))
        case .item(let i): components += [.key("items"), .index(i)]
        }
        return JSONPointer(components)
    }
}
