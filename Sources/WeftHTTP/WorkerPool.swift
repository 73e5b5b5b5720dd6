import Synchronization
import WeftSync

/// A fixed set of threads draining a bounded queue. When the queue is full,
/// `trySubmit` says so at once, which the server turns into 503 + Retry-After
/// rather than letting latency grow without bound.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    private let lock = ConditionLock()
    private var queue: [Job?]
    private var head = 0
    private var count = 0
    /// `count`, readable without the lock: readiness asks on the event loop
    /// for every request, which must not wait on the pool's threads.
    private let queued = Atomic<Int>(0)
    private let capacity: Int
    private var stopping = false
    private var runningThreads = 0
    /// Threads waiting for a job.
    private var idleThreads = 0

    init(threadCount: Int, queueDepth: Int, name: String = "weft-worker") {
        queue = Array(repeating: nil, count: max(1, queueDepth))
        capacity = queue.count
        runningThreads = max(1, threadCount)
        for index in 0..<runningThreads {
            // Detached: a handler stuck past the drain deadline must not hold the process open.
            OSThread(name: "\(name)-\(index)") { [self] in runJobs() }.detach()
        }
    }

    func trySubmit(_ job: @escaping Job) -> Bool {
        lock.withLock { enqueue(job) }
    }

    /// Whether every queue slot holds a job: the next one would be refused.
    var isFull: Bool { queued.load(ordering: .relaxed) >= capacity }

    /// Submits only when more threads wait than jobs are queued, so that the
    /// job starts at once.
    func trySubmitToIdleThread(_ job: @escaping Job) -> Bool {
        lock.withLock { idleThreads > count && enqueue(job) }
    }

    /// Called with the lock held.
    private func enqueue(_ job: @escaping Job) -> Bool {
        guard !stopping, count < queue.count else { return false }
        queue[(head + count) % queue.count] = job
        count += 1
        queued.store(count, ordering: .relaxed)
        lock.signal()
        return true
    }

    /// Lets queued jobs finish, then stops the threads; waits for them until `deadline`
    /// (monotonic nanoseconds) at most.
    func shutdown(deadline: UInt64) {
        lock.withLock {
            stopping = true
            lock.broadcast()
            while runningThreads > 0 {
                let now = monotonicNanoseconds()
                guard now < deadline else { return }
                lock.wait(untilRealtime: realtime(after: deadline - now))
            }
        }
    }

    private func runJobs() {
        while let job = nextJob() { job() }
        lock.withLock {
            runningThreads -= 1
            lock.broadcast()
        }
    }

    private func nextJob() -> Job? {
        lock.withLock {
            while count == 0 && !stopping {
                idleThreads += 1
                lock.wait()
                idleThreads -= 1
            }
            guard count > 0 else { return nil }
            let job = queue[head]
            queue[head] = nil
            head = (head + 1) % queue.count
            count -= 1
            queued.store(count, ordering: .relaxed)
            return job
        }
    }
}
