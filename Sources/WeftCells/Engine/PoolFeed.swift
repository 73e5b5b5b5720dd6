/// A pool run whose work arrives while it runs: the producer (a stream
/// reading its body) adds indices and the pool's workers start on them at
/// once, instead of waiting for the last one. `completed` hears of each
/// index in order, as `LayoutWorkerPool.run` reports them.
///
/// The feed knows indices only: the caller keeps each index's input and
/// result in its own typed storage, so that the per-cell code is compiled
/// for its concrete types rather than through generic witnesses. Only the
/// thread that made the feed calls `add`, `publish` and `finish`.
public final class PoolFeed: @unchecked Sendable {
    private let core: PoolCore
    private let job: FeedJob
    private var added = 0

    init(
        core: PoolCore, chunkSize: Int, cancellation: CancellationFlag?, completed: (@Sendable (Int) -> Void)?,
        body: @escaping @Sendable (Int) -> Void
    ) {
        self.core = core
        job = FeedJob(chunkSize: chunkSize, cancellation: cancellation, completed: completed, body: body)
    }

    /// Indices added so far.
    public var count: Int { added }

    /// Adds the next index (its input must be stored first); the workers
    /// see it once a whole chunk is waiting, or at once if it is the first.
    public func add() {
        added += 1
        if added - job.publishedCount >= job.chunkSize || added == 1 { publish() }
    }

    /// Hands every index added so far to the workers.
    public func publish() {
        let count = added
        core.locked {
            job.publish(count)
            core.list(job)
        }
    }

    /// No more indices: the calling thread works on what is left and waits
    /// for the workers. False when cancelled (some indices never ran).
    public func finish() -> Bool {
        let count = added
        core.locked { job.close(count) }
        core.help(job)
        return core.locked { !job.wasCancelled }
    }
}

/// The pool's side of a feed, and of a run (a feed published whole). Its
/// state changes under the core's lock.
final class FeedJob: @unchecked Sendable {
    let chunkSize: Int
    /// In the core's `active` list.
    var isListed = false
    private let cancellation: CancellationFlag?
    private let completed: (@Sendable (Int) -> Void)?
    private let body: @Sendable (Int) -> Void
    private(set) var publishedCount = 0
    private var closed = false
    private var nextIndex = 0
    private var done: [Bool] = []
    private var reported = 0
    private var finishedCount = 0

    init(
        chunkSize: Int, cancellation: CancellationFlag?, completed: (@Sendable (Int) -> Void)?,
        body: @escaping @Sendable (Int) -> Void
    ) {
        self.cancellation = cancellation
        self.completed = completed
        self.body = body
        self.chunkSize = max(1, chunkSize)
    }

    func publish(_ count: Int) {
        done += repeatElement(false, count: count - publishedCount)
        publishedCount = count
    }

    func close(_ count: Int) {
        publish(count)
        closed = true
    }

    var wasCancelled: Bool { cancellation?.isCancelled ?? false }

    var hasUnclaimed: Bool { nextIndex < publishedCount && !wasCancelled }
    /// Cancelled: finished once the claimed chunks are done; else once closed and all done.
    var isFinished: Bool {
        if wasCancelled { return finishedCount == nextIndex }
        return closed && finishedCount == publishedCount
    }

    func claim() -> Range<Int>? {
        guard hasUnclaimed else { return nil }
        // Short chunks only for the first index (the stream's first record)
        // and once the producer is done: a worker taking one index at a time
        // would take the lock once per cell.
        let end = min(publishedCount, nextIndex + chunkSize)
        guard closed || end - nextIndex == chunkSize || nextIndex == 0 else { return nil }
        let start = nextIndex
        nextIndex = end
        return start..<end
    }

    func execute(_ chunk: Range<Int>) {
        for k in chunk {
            if wasCancelled { return }
            body(k)
        }
    }

    func markDone(_ chunk: Range<Int>) {
        finishedCount += chunk.count
        for k in chunk { done[k] = true }
        guard let completed, !wasCancelled else { return }
        while reported < publishedCount && done[reported] {
            completed(reported)
            reported += 1
        }
    }
}
