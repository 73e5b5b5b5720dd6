/// A fixed set of threads draining a bounded queue. When the queue is full,
/// `trySubmit` says so at once, which the server turns into 503 + Retry-After
/// rather than letting latency grow without bound.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    private let lock = ConditionLock()
    private var queue: [Job?]
    private var head = 0
    private var count = 0
    private var stopping = false
    private var threads: [OSThread] = []

    init(threadCount: Int, queueDepth: Int) {
        queue = Array(repeating: nil, count: max(1, queueDepth))
        for index in 0..<max(1, threadCount) {
            threads.append(OSThread(name: "weft-worker-\(index)") { [self] in runJobs() })
        }
    }

    func trySubmit(_ job: @escaping Job) -> Bool {
        lock.withLock {
            guard !stopping, count < queue.count else { return false }
            queue[(head + count) % queue.count] = job
            count += 1
            lock.signal()
            return true
        }
    }

    /// Runs what is already queued, then stops the threads.
    func shutdown() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
        for thread in threads { thread.join() }
        threads.removeAll()
    }

    private func runJobs() {
        while let job = nextJob() { job() }
    }

    private func nextJob() -> Job? {
        lock.withLock {
            while count == 0 && !stopping { lock.wait() }
            guard count > 0 else { return nil }
            let job = queue[head]
            queue[head] = nil
            head = (head + 1) % queue.count
            count -= 1
            return job
        }
    }
}
