import WeftCells
import WeftJSON
import WeftLayout

/// The cells' work on the pool (decode, lay out, encode, remember), and what
/// the request needs of it afterwards: errors, placement, warnings, paths.
extension ContainerEngine {
    /// Measures every job (on the runner's pool, or on this thread when the
    /// cache has nearly all of them); nil when cancelled. `completed` gets
    /// each job's outcome in `order` as soon as it and all before it are done.
    package func measure(
        _ prepared: PreparedContainer, order: [Int]? = nil, cancellation: CancellationFlag? = nil,
        completed: (@Sendable (Int, CellOutcome) -> Void)? = nil
    ) -> [CellOutcome]? {
        let context = ContainerLayout.cellContext(prepared.request, LayoutContext(textMeasurer: textMeasurer))
        let cells = PreparedCells(prepared, engine: self, context: context)
        var report: (@Sendable (Int) -> Void)?
        if let completed { report = { k in completed(k, cells.outcome(k)) } }
        guard runner.run(cells, count: prepared.jobs.count, order: order, cancellation: cancellation, completed: report)
        else { return nil }
        return cells.allOutcomes
    }

    /// The outcome as the answer takes it: the tree's hash, and, unless the
    /// tree broke the contract, the cell's key; a cell sent with its
    /// content is remembered under that key for refs.
    func finished(
        _ measured: CellOutcome, content: ContentHash?, _ job: ContainerLayout.CellJob, _ source: CellSource,
        _ bytes: [UInt8], _ scope: CellScope
    ) -> CellOutcome {
        var result = measured
        var content = content
        result.contentHash = content
        guard result.error == nil else { return result }
        if let ref = source.ref {
            result.key = CellContentKey(text: ref)
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

    /// Decodes a cell's tree, lays it out and encodes its `layout`; with a
    /// `key`, also the entry the cache keeps of it.
    func decodeAndLayOut(
        _ job: ContainerLayout.CellJob, _ source: NodeSource, _ bytes: [UInt8], key: CellCacheKey?,
        nested: NestedCellHashes, _ scope: CellScope, _ context: LayoutContext
    ) -> (CellOutcome, CachedCell?) {
        var decoder = ElementDecoder(limits: limits)
        decoder.viewWarnings = .belowRoot
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
            return (CellOutcome(size: .zero, layout: nil, error: error), nil)
        case .success(let r): root = r
        }
        if !decoder.unknownRefs.isEmpty {
            var outcome = CellOutcome(
                size: .zero, layout: nil, error: RequestError(.unknownRef, "a nested cell was sent as an unknown ref"))
            outcome.unknownRefs = decoder.unknownRefs
            return (outcome, nil)
        }
        var cell = job.cell
        cell.node = root
        let measured = CellMeasurer.measure(cell, in: job.range, context: context)
        var lineBoxes = 0
        if let layout = measured.layout {
            if let overflow = NonFiniteFrames.error(layout, root) {
                return (CellOutcome(size: .zero, layout: nil, error: overflow), nil)
            }
            // Only a tree with a text that lists its lines has any to count.
            if decoder.textsReportingLines > 0 {
                switch ReportedLines.tally(layout, root) {
                case .success(let count): lineBoxes = count
                case .failure(let error): return (CellOutcome(size: .zero, layout: nil, error: error), nil)
                }
            }
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
        var outcome = CellOutcome(
            size: measured.size, layout: bytes, warnings: warnings, elementCount: decoder.elementCount, root: stub)
        outcome.lineBoxes = lineBoxes
        guard key != nil else { return (outcome, nil) }
        let entry = CachedCell(
            size: measured.size, layout: bytes, warnings: warnings,
            elementCount: decoder.elementCount, root: stub, origin: scope.serial, lineBoxes: lineBoxes)
        return (outcome, entry)
    }

    /// After measuring: the first cell whose tree broke the contract, or the
    /// cell whose elements take the request past the element limit, as a 422.
    package func check(_ prepared: PreparedContainer, _ outcomes: [CellOutcome]) -> Problem? {
        // Unknown refs in nested containers first, from every cell, so that
        // the client re-sends them all at once (as refs of cells, which
        // resolve before validation).
        var unknown: [RequestPath] = []
        for k in outcomes.indices where !outcomes[k].unknownRefs.isEmpty {
            unknown += Self.faultPaths(prepared.jobs[k], outcomes[k].unknownRefs, sentAsRef: prepared.sources[k].ref != nil,
                                       shorthand: prepared.request.usesItemsShorthand)
        }
        if !unknown.isEmpty { return Self.unknownRefs(unknown) }
        var elements = 0
        var lineBoxes = 0
        // Paths only for the cell at fault: building one per cell cost as
        // much as the rest of a warm request's checks.
        for k in outcomes.indices {
            if let error = outcomes[k].error {
                return Problem(Self.located(error, prepared.jobs[k], sentAsRef: prepared.sources[k].ref != nil,
                                            shorthand: prepared.request.usesItemsShorthand))
            }
            elements += outcomes[k].elementCount
            lineBoxes += outcomes[k].lineBoxes
            if elements > limits.maxElements || lineBoxes > ReportedLines.limit {
                let path = Self.treeSite(
                    prepared.jobs[k], sentAsRef: prepared.sources[k].ref != nil, shorthand: prepared.request.usesItemsShorthand)
                let detail = elements > limits.maxElements
                    ? "more than \(limits.maxElements) elements in one request" : ReportedLines.detail
                return Problem(.limitExceeded, detail: detail, path: path)
            }
        }
        return nil
    }

    /// Where a fault in a cell's tree is reported: inside the cell's `node`,
    /// or at the cell itself when it came as a ref, whose tree is the
    /// store's and has no place in the request.
    static func treeSite(_ job: ContainerLayout.CellJob, sentAsRef: Bool, shorthand: Bool) -> RequestPath {
        sentAsRef ? RequestPath.cell(job.slot, section: job.section, shorthand: shorthand) : nodePath(job, shorthand: shorthand)
    }

    /// A fault found in a cell's tree, at its place in the request (`treeSite`).
    static func located(
        _ error: RequestError, _ job: ContainerLayout.CellJob, sentAsRef: Bool, shorthand: Bool
    ) -> RequestError {
        var located = error
        // Below a ref'd cell the path runs through the store's tree: dropped.
        if sentAsRef { located.reversedPath = [] }
        located.reversedPath.append(contentsOf: treeSite(job, sentAsRef: sentAsRef, shorthand: shorthand).components.reversed())
        return located
    }

    /// The unknown refs of the nested containers in a cell's tree, at their
    /// places in the request; for a cell that came as a ref, the cell itself,
    /// which the client then re-sends with its content.
    static func faultPaths(
        _ job: ContainerLayout.CellJob, _ refs: [RequestPath], sentAsRef: Bool, shorthand: Bool
    ) -> [RequestPath] {
        let site = treeSite(job, sentAsRef: sentAsRef, shorthand: shorthand)
        return sentAsRef ? [site] : refs.map { site.appending($0) }
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
