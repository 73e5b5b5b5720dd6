import WeftCells
import WeftJSON
import WeftLayout

/// The cells' work on the pool (decode, lay out, encode, remember), and what
/// the request needs of it afterwards: errors, placement, warnings, paths.
extension ContainerEngine {
    /// Measures every job on the pool; nil when cancelled. `completed` gets
    /// each job's outcome in `order` as soon as it and all before it are done.
    package func measure(
        _ prepared: PreparedContainer, order: [Int]? = nil, cancellation: CancellationFlag? = nil,
        completed: (@Sendable (Int, CellOutcome) -> Void)? = nil
    ) -> [CellOutcome]? {
        let context = ContainerLayout.cellContext(prepared.request, LayoutContext(textMeasurer: textMeasurer))
        if Self.fewToLayOut(prepared.work) {
            return measureHere(prepared, order: order, cancellation: cancellation, context: context, completed: completed)
        }
        let engine = self
        return pool.run(
            count: prepared.jobs.count, order: order, chunkSize: chunkSize, cancellation: cancellation,
            completed: completed
        ) { k in
            engine.outcome(of: k, prepared, context)
        }
    }

    /// A request whose cells were nearly all seen before is mostly copies
    /// from the cache: waking the pool's threads for them costs more than
    /// the few layouts they would share.
    static func fewToLayOut(_ work: [PreparedContainer.CellWork]) -> Bool {
        var decodes = 0
        for item in work {
            switch item {
            case .decode, .lookUp:
                decodes += 1
                if decodes > inlineLayoutLimit { return false }
            case .cached, .interop: continue
            }
        }
        return true
    }

    static let inlineLayoutLimit = 8

    /// `measure` on the calling thread, in the same order with the same
    /// callbacks. Not the pool's run kept on this thread: that is generic over
    /// its result, and copying outcomes through generic code cost a warm
    /// request about a third more.
    private func measureHere(
        _ prepared: PreparedContainer, order: [Int]?, cancellation: CancellationFlag?, context: LayoutContext,
        completed: (@Sendable (Int, CellOutcome) -> Void)?
    ) -> [CellOutcome]? {
        var outcomes = [CellOutcome?](repeating: nil, count: prepared.jobs.count)
        for k in order ?? Array(prepared.jobs.indices) {
            if cancellation?.isCancelled ?? false { return nil }
            let result = outcome(of: k, prepared, context)
            outcomes[k] = result
            completed?(k, result)
        }
        // As the pool: no answer unless every cell has one.
        var all: [CellOutcome] = []
        all.reserveCapacity(outcomes.count)
        for outcome in outcomes {
            guard let outcome else { return nil }
            all.append(outcome)
        }
        return all
    }

    private func outcome(of k: Int, _ prepared: PreparedContainer, _ context: LayoutContext) -> CellOutcome {
        outcome(of: prepared.jobs[k], prepared.work[k], prepared.sources[k], prepared.scope, context)
    }

    /// The outcome carries the cell's key, and a cell sent with its content
    /// is remembered under it for refs.
    func outcome(
        of job: ContainerLayout.CellJob, _ work: PreparedContainer.CellWork, _ source: CellSource,
        _ scope: CellScope, _ context: LayoutContext
    ) -> CellOutcome {
        let bytes = source.stored ?? scope.body
        var (result, content) = measuredOutcome(job, work, bytes, scope, context)
        result.contentHash = content
        guard result.error == nil else { return result }
        if let ref = source.ref {
            result.key = ref
            return result
        }
        // The key's parts hashed as anywhere else; the tree's hash when it is known.
        var hashed = source
        if let content { hashed.node?.hash = content }
        let (key, nodeHash) = bytes.withUnsafeBufferPointer { ContentKey.of(job.cell.kind, hashed, in: $0) }
        if content == nil {
            content = nodeHash
            result.contentHash = nodeHash
        }
        result.key = key
        contentStore.remember(key, writes: scope.writes) { StoredCell(job.cell, source, in: bytes, nodeHash: content) }
        return result
    }

    /// The cell measured (or found), and its tree's hash when that was needed.
    private func measuredOutcome(
        _ job: ContainerLayout.CellJob, _ work: PreparedContainer.CellWork, _ bytes: [UInt8],
        _ scope: CellScope, _ context: LayoutContext
    ) -> (CellOutcome, ContentHash?) {
        switch work {
        case .cached(let cached, let content):
            return (CellOutcome(cached: cached), content)
        case .interop:
            return (CellOutcome(size: CellMeasurer.measure(job.cell, in: job.range, context: context).size, layout: nil), nil)
        case .decode(let source, let key):
            if let content = key?.content ?? source.hash {
                return (decodeAndLayOut(job, source, bytes, key: key, scope, context), content)
            }
            // Hashed for its content key all the same: before the layout, so
            // that the pass also finds its nested cells' parts.
            var nested = NestedCellHashes()
            let content = Self.hash(bytes, source, collecting: &nested)
            return (decodeAndLayOut(job, source, bytes, key: nil, nested: nested, scope, context), content)
        case .lookUp(let source):
            var nested = NestedCellHashes()
            let hashed = source.hash ?? Self.hash(bytes, source, collecting: &nested)
            guard let content = hashed else {
                return (decodeAndLayOut(job, source, bytes, key: nil, scope, context), nil)
            }
            let key = cacheKey(content, job, scope)
            if let cached = cache.value(for: key) {
                var outcome = CellOutcome(cached: cached)
                outcome.servedFromCache = cached.origin != scope.serial
                return (outcome, content)
            }
            var outcome = decodeAndLayOut(job, source, bytes, key: key, nested: nested, scope, context)
            outcome.servedFromCache = false
            return (outcome, content)
        }
    }

    /// Decodes a cell's tree, lays it out, encodes its `layout`, and stores
    /// the result under `key` when there is one.
    private func decodeAndLayOut(
        _ job: ContainerLayout.CellJob, _ source: NodeSource, _ bytes: [UInt8], key: CellCacheKey?,
        nested: NestedCellHashes = NestedCellHashes(), _ scope: CellScope, _ context: LayoutContext
    ) -> CellOutcome {
        var decoder = ElementDecoder(limits: limits)
        decoder.reportsViewsWithoutSize = false
        decoder.reportsLinesOfEveryText = scope.reportsLines
        decoder.cellContent = NestedCellContent(store: contentStore, writes: scope.writes, cache: cache)
        decoder.nestedCellHashes = nested
        let decoded: Result<Element, RequestError> = bytes.withUnsafeBufferPointer { buffer in
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
        if !decoder.unknownRefs.isEmpty {
            var outcome = CellOutcome(
                size: .zero, layout: nil, error: RequestError(.unknownRef, "a nested cell was sent as an unknown ref"))
            outcome.unknownRefs = decoder.unknownRefs
            return outcome
        }
        var cell = job.cell
        cell.node = root
        let measured = CellMeasurer.measure(cell, in: job.range, context: context)
        if let layout = measured.layout, let overflow = NonFiniteFrames.error(layout, root) {
            return CellOutcome(size: .zero, layout: nil, error: overflow)
        }
        // A layout takes about as many bytes as its tree (frames for
        // styles), a nested container's a few times more: room for that
        // up front spares the copies of a growing buffer.
        var out = JSONWriter(capacity: 1024 + 2 * source.range.count)
        if let node = measured.layout { LayoutResponseEncoder.writeNode(node, root, &out) }
        let bytes = out.bytes
        var warnings = decoder.warnings
        if decoder.containersRead > 0, let node = measured.layout {
            warnings += NestedWarnings.collect(node, root)
        }
        // Only a view root matters after layout (the view-cell warning reads it).
        var stub: Element?
        if case .view = root.kind {
            stub = root
            stub?.children = []
        }
        let outcome = CellOutcome(
            size: measured.size, layout: bytes, warnings: warnings, elementCount: decoder.elementCount, root: stub)
        if let key {
            let entry = CachedCell(
                size: measured.size, layout: bytes, warnings: warnings,
                elementCount: decoder.elementCount, root: stub, origin: scope.serial)
            cache.insert(entry, for: key, cost: entry.cost)
        }
        return outcome
    }

    /// After measuring: the first cell whose tree broke the contract, or the
    /// cell whose elements take the request past the element limit, as a 422.
    package func check(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> Problem? {
        // Unknown refs in nested containers first, from every cell, so that
        // the client re-sends them all at once (as refs of cells, which
        // resolve before validation).
        var unknown: [RequestPath] = []
        for k in outcomes.indices where !outcomes[k].unknownRefs.isEmpty {
            let node = Self.nodePath(prepared, k)
            unknown += outcomes[k].unknownRefs.map { node.appending($0) }
        }
        if !unknown.isEmpty { return Self.unknownRefs(unknown) }
        var elements = 0
        // Paths only for the cell at fault: building one per cell cost as
        // much as the rest of a warm request's checks.
        for k in outcomes.indices {
            if var error = outcomes[k].error {
                error.reversedPath.append(contentsOf: Self.nodePath(prepared, k).components.reversed())
                return Problem(error)
            }
            elements += outcomes[k].elementCount
            if elements > limits.maxElements {
                return Problem(
                    .limitExceeded, detail: "more than \(limits.maxElements) elements in one request",
                    path: Self.nodePath(prepared, k))
            }
        }
        return nil
    }

    /// The jobs with their trees' roots in place, ready for `ContainerLayout.place`.
    package func placedJobs(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> [ContainerLayout.CellJob] {
        var jobs = prepared.jobs
        for k in jobs.indices where outcomes[k].root != nil {
            jobs[k].cell.node = outcomes[k].root
        }
        return jobs
    }

    /// Places the measured cells and computes the hints; a `hints` answer's
    /// placement is remembered for the next scroll step (`PlacementMemo`).
    package func place(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> ContainerResult {
        let placed = ContainerLayout.placeCells(
            prepared.request, jobs: placedJobs(prepared, outcomes),
            measured: outcomes.map { MeasuredCell(size: $0.size, layout: nil) })
        if let key = prepared.placementKey {
            placements.insert(
                MemoizedPlacement(
                    request: prepared.request, placed: placed, nodeWarnings: nodeWarnings(prepared, outcomes),
                    stats: stats(prepared, outcomes)),
                for: key)
        }
        return ContainerLayout.finish(prepared.request, placed)
    }

    /// Every cell's decoding warnings, in job order, with full paths; a missing
    /// font family is warned about once, at the first cell that asks for it.
    package func nodeWarnings(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> [RequestWarning] {
        var all: [RequestWarning] = []
        var warnedFamilies: Set<String> = []
        // By index, so that an outcome without warnings is not copied.
        for k in outcomes.indices where !outcomes[k].warnings.isEmpty {
            let prefix = Self.nodePath(prepared, k)
            for warning in outcomes[k].warnings {
                if let family = warning.missingFamily, !warnedFamilies.insert(family).inserted { continue }
                all.append(warning.relocated(under: prefix))
            }
        }
        return all
    }

    static func nodePath(_ prepared: PreparedContainer, _ k: Int) -> RequestPath {
        nodePath(prepared.jobs[k], shorthand: prepared.request.usesItemsShorthand)
    }

    /// Where a job's tree sits in the request: its cell's `node`.
    static func nodePath(_ job: ContainerLayout.CellJob, shorthand: Bool) -> RequestPath {
        RequestPath.cell(job.slot, section: job.section, shorthand: shorthand).appending("node")
    }
}
