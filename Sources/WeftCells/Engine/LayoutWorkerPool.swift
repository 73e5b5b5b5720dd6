import Foundation
import WeftSync

/// Texture's node blocks on a server: a fixed set of threads, one per core by
/// default, lays out the cells of every request concurrently.
///
/// Fairness: a request is split into chunks and workers take chunks from the
/// active requests in rotation, so one 10,000-cell request cannot stall a
/// small one behind it. Determinism: every cell's result lands in its own
/// slot and results are returned in index order, whatever thread ran first.
/// The submitting thread works on its own request too, so a request always
/// makes progress even when every worker is busy elsewhere.
public final class LayoutWorkerPool: Sendable {
    package let workerCount: Int
    private let core: PoolCore

    /// `workers` extra threads; 0 runs everything on the submitting thread.
    /// The threads compute only while they hold one of `turns` (by default
    /// the pool's own, one per thread and one for the submitter).
    package init(workers: Int, turns: Turns? = nil) {
        workerCount = max(0, workers)
        core = PoolCore(turns: turns ?? Turns(count: workerCount + 1))
        for i in 0..<workerCount {
            // Threads hold the core, not the pool: dropping the pool stops them.
            let thread = Thread { [core] in core.workerLoop() }
            thread.name = "weft-layout-\(i)"
            // Layout recurses once per element level; give it room beyond the
            // depth limit the decoder enforces.
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    deinit {
        core.stop()
    }

    /// Runs `body` for every index in `order` (default `0..<count`), in chunks,
    /// and returns the results in index order, or nil when cancelled.
    /// `completed` is called, in order, with each index whose result and all
    /// results before it in `order` are done: the streaming hook. It runs with
    /// the pool's lock held, so it must only hand the result off.
    package func run<Result: Sendable>(
        count: Int,
        order: [Int]? = nil,
        chunkSize: Int = 8,
        cancellation: CancellationFlag? = nil,
        completed: (@Sendable (Int, Result) -> Void)? = nil,
        _ body: @escaping @Sendable (Int) -> Result
    ) -> [Result]? {
        guard count > 0 else { return [] }
        let slots = ResultSlots<Result>(count: count)
        var report: (@Sendable (Int) -> Void)?
        if let completed {
            report = { k in
                if let result = slots[k] { completed(k, result) }
            }
        }
        let done = runEach(
            count: count, order: order, chunkSize: chunkSize, cancellation: cancellation, completed: report
        ) {
            slots[$0] = body($0)
        }
        return done ? slots.all() : nil
    }

    /// `run` for a caller that keeps each index's result itself (so that its
    /// per-index code is compiled for its own types, not through generic
    /// witnesses); false when cancelled. `completed` gets indices, as `run`'s.
    /// Without `sharesWithWorkers` the calling thread runs every index.
    public func runEach(
        count: Int,
        order: [Int]? = nil,
        chunkSize: Int = 8,
        cancellation: CancellationFlag? = nil,
        sharesWithWorkers: Bool = true,
        completed: (@Sendable (Int) -> Void)? = nil,
        _ body: @escaping @Sendable (Int) -> Void
    ) -> Bool {
        guard count > 0 else { return true }
        // A feed whose every position is published at once: position p runs index order[p].
        var positionBody = body
        var positionCompleted = completed
        if let order {
            positionBody = { p in body(order[p]) }
            if let completed { positionCompleted = { p in completed(order[p]) } }
        }
        let job = FeedJob(
            chunkSize: chunkSize, cancellation: cancellation, completed: positionCompleted, body: positionBody)
        core.locked { job.close(count) }
        core.run(job, shareWithWorkers: sharesWithWorkers && workerCount > 0 && count > job.chunkSize)
        return !job.wasCancelled
    }

    /// A run whose work is added while it runs (see `PoolFeed`): `body`
    /// runs for each index soon after it is added, `completed` as in `run`.
    public func feed(
        chunkSize: Int = 8,
        cancellation: CancellationFlag? = nil,
        completed: (@Sendable (Int) -> Void)? = nil,
        _ body: @escaping @Sendable (Int) -> Void
    ) -> PoolFeed {
        PoolFeed(core: core, chunkSize: chunkSize, cancellation: cancellation, completed: completed, body: body)
    }
}

/// The pool's shared state: the active jobs, handed out chunk by chunk.
final class PoolCore: @unchecked Sendable {
    private let lock = ConditionLock()
    private let turns: Turns
    private var active: [FeedJob] = []
    private var rotation = 0
    private var stopping = false

    init(turns: Turns) { self.turns = turns }

    func stop() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
    }

    /// The caller takes chunks of its own job until none are left, then waits
    /// for the chunks workers took.
    func run(_ job: FeedJob, shareWithWorkers: Bool) {
        if shareWithWorkers { lock.withLock { list(job) } }
        help(job)
    }

    /// Runs `body` with the lock held (a job's state changes under it).
    func locked<T>(_ body: () -> T) -> T { lock.withLock(body) }

    /// Offers the job's unclaimed chunks to the workers (waking them: a
    /// growing job may be listed already, with its new chunks unseen);
    /// called with the lock held.
    func list(_ job: FeedJob) {
        guard job.hasUnclaimed else { return }
        if !job.isListed {
            job.isListed = true
            active.append(job)
        }
        lock.broadcast()
    }

    /// The calling thread works on `job` until it has no unclaimed chunks,
    /// then waits, without its turn, for those that workers took.
    func help(_ job: FeedJob) {
        while let chunk = lock.withLock({ job.claim() }) {
            job.execute(chunk)
            lock.withLock { finish(job, chunk) }
            Turns.checkpoint()
        }
        Turns.suspending {
            lock.withLock {
                while !job.isFinished { lock.wait() }
            }
        }
    }

    /// A worker takes a turn for the chunks it runs and gives it back before
    /// it sleeps; between chunks it lets waiting threads have theirs.
    func workerLoop() {
        lock.lock()
        while true {
            if stopping {
                lock.unlock()
                turns.releaseIfHeld()
                return
            }
            if let (job, chunk) = nextChunk() {
                lock.unlock()
                turns.acquireIfNotHeld()
                job.execute(chunk)
                lock.lock()
                finish(job, chunk)
                lock.unlock()
                Turns.checkpoint()
                lock.lock()
            } else if turns.isHeldHere {
                lock.unlock()
                turns.releaseIfHeld()
                lock.lock()
            } else {
                lock.wait()
            }
        }
    }

    /// Round-robin over the active jobs; called with the lock held.
    private func nextChunk() -> (FeedJob, Range<Int>)? {
        var tries = active.count
        while tries > 0 {
            rotation = rotation % active.count
            let job = active[rotation]
            rotation += 1
            tries -= 1
            if let chunk = job.claim() { return (job, chunk) }
        }
        return nil
    }

    /// Called with the lock held once a chunk's cells are done.
    private func finish(_ job: FeedJob, _ chunk: Range<Int>) {
        job.markDone(chunk)
        if job.isListed && (job.isFinished || !job.hasUnclaimed) {
            job.isListed = false
            active.removeAll { $0 === job }
        }
        if job.isFinished { lock.broadcast() }
    }
}

/// One slot per index, each written by exactly one thread and read only
/// after the run finished.
final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    subscript(index: Int) -> Result? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    /// Every result, or nil if one is missing.
    func all() -> [Result]? {
        var out: [Result] = []
        out.reserveCapacity(slots.count)
        for slot in slots {
            guard let value = slot else { return nil }
            out.append(value)
        }
        return out
    }
}
