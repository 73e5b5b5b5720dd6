import Synchronization
import WeftCells
import WeftLayout
import WeftStore

/// The cell engine: decodes a container request, has its cells laid out
/// by the runner (decoding each cell's tree on the pool too, unless the
/// cache already has the cell), places them and writes the answer. One per
/// server: it owns the runner (the pool, the turns and the cell cache).
///
/// The output is byte-identical at any worker count (results land in index
/// order) and with the cache on or off (a hit replays exactly what a miss
/// computes), except the response's `stats`, which say how it was served.
package final class ContainerEngine: Sendable {
    /// Runs the cells of every request: the pool, the turns, the cache.
    package let runner: CellRunner
    /// Cells by their exact bytes: an unchanged cell is not even read again.
    package let memo: RawCellMemo
    /// The content behind every key answered, for cells sent later as refs.
    package let contentStore: CellContentStore
    /// The placements of recent `hints` answers, for the next scroll step.
    package let placements: PlacementMemo
    package let textMeasurer: (any TextMeasuring)?
    package let limits: DecodeLimits
    /// How long one request's cells may take before the rest are dropped
    /// (the answer is then a 408, or a stream's `error` record).
    package let timeoutSeconds: Double
    /// A streamed table at least this long is laid out while it is read
    /// (see `beginStream`); a shorter one is read and checked whole first.
    package let pipelineMinimumBytes: Int
    /// Request threads per worker in `weft serve`, a quarter of them kept
    /// for small requests (WeftHTTP's `RequestThreads`): big requests, however
    /// many, never take every thread.
    package static let requestThreadsPerWorker = 4
    /// Below this, reading a body whole takes well under a millisecond.
    package static let defaultPipelineMinimumBytes = 256 << 10
    /// Numbers requests, for `CachedCell.origin`.
    let serials = Atomic<UInt64>(0)

    /// `workers` threads lay out one request (the calling thread is one of
    /// them); `cacheBytes` 0 disables the cache, and with it refs unless
    /// `cellStore` shares them.
    package init(
        workers: Int, cacheBytes: Int, textMeasurer: (any TextMeasuring)?, limits: DecodeLimits = .standard,
        chunkSize: Int = 8, rememberRawCells: Bool = true, timeoutSeconds: Double = 30,
        pipelineMinimumBytes: Int = defaultPipelineMinimumBytes, cellStore: CellStore? = nil
    ) {
        self.timeoutSeconds = timeoutSeconds
        self.pipelineMinimumBytes = pipelineMinimumBytes
        // The memo's entries are small; an eighth of the budget holds many.
        // Content for refs is about as large as the layouts it lays out to; an
        // eighth holds the placements of a few feeds being scrolled.
        runner = CellRunner(workers: workers, cacheBytes: cacheBytes * 7 / 16, chunkSize: chunkSize)
        contentStore = CellContentStore(capacityBytes: cacheBytes * 5 / 16, shared: cellStore)
        placements = PlacementMemo(capacityBytes: cacheBytes / 8)
        memo = RawCellMemo(capacityBytes: rememberRawCells ? cacheBytes / 8 : 0)
        self.textMeasurer = textMeasurer
        self.limits = limits
    }

    /// The cell cache (the runner's).
    package var cache: CellLayoutCache { runner.cache }

    package var cacheStatistics: CacheStatistics {
        CacheStatistics(hits: cache.hits, misses: cache.misses, storedBytes: cache.storedBytes)
    }

    package enum Preparation: Sendable {
        case ready(PreparedContainer)
        case refused(Problem)
    }

    // MARK: - Whole responses

    /// The answer when the request was cancelled (out of time, or its client
    /// gone) before its cells were laid out.
    static let cellsNotLaidOut = Problem(
        .requestTimeout, detail: "the request's cells were not laid out: it ran out of time or its client went away")

    /// `POST /v1/layout` as one JSON document; `reportsLines` is `?lines=1`.
    package func respond(body: [UInt8], reportsLines: Bool = false, cancellation: CancellationFlag? = nil) -> ServiceResponse {
        if let scrolled = answerFromPlacement(body) { return scrolled }
        switch prepare(body, reportsLines: reportsLines, cancellation: cancellation) {
        case .refused(let problem): return problem.response()
        case .ready(let prepared):
            let document = DocumentSink()
            answer(prepared, to: document, cancellation: cancellation)
            return document.response
        }
    }

    /// The one path of every answer read before its cells are laid out: the
    /// cells measured (each told to the sink as soon as it and those before
    /// it are done, when the sink asks), then `finish`.
    func answer(_ prepared: PreparedContainer, to sink: some AnswerSink, cancellation: CancellationFlag?) {
        sink.begin(prepared.request)
        var stop = cancellation
        var completed: (@Sendable (Int, CellOutcome) -> Void)?
        if sink.reportsCells {
            stop = CancellationFlag { sink.failed || (cancellation?.isCancelled ?? false) }
            let shorthand = prepared.request.usesItemsShorthand
            completed = { k, outcome in
                sink.completed(k, prepared.jobs[k], outcome, sentAsRef: prepared.sources[k].ref != nil, shorthand: shorthand)
            }
        }
        let order = sink.order(jobCount: prepared.jobs.count)
        guard let outcomes = measure(prepared, order: order, cancellation: stop, completed: completed) else {
            sink.dropped()
            return
        }
        finish(prepared, outcomes, sink)
    }

    /// Once every cell is measured, for every answer: the request's new
    /// content to the shared store, the checks (`refusal` first, a problem
    /// the caller found), the placement and its hints, then the sink, and
    /// last the raw-cell memo, which serves the next request, not this one
    /// (a stream's end record does not wait for it).
    func finish(
        _ prepared: PreparedContainer, _ outcomes: [CellOutcome], _ sink: some AnswerSink, refusal: Problem? = nil
    ) {
        contentStore.flush(prepared.scope.writes)
        defer { rememberRead(prepared, outcomes) }
        if let problem = refusal ?? check(prepared, outcomes) {
            sink.fail(problem)
            return
        }
        let result = place(prepared, outcomes)
        if let overflow = NonFiniteFrames.problem(result) {
            sink.fail(overflow)
            return
        }
        sink.finish(
            result, prepared, outcomes, warnings: nodeWarnings(prepared, outcomes), stats: stats(prepared, outcomes))
    }
}
