/// The threads that run handlers, in two lanes, so that a light request never
/// waits for a thread behind heavy ones. A request with a large body (a
/// feed of cells) is heavy: it may hold its thread for as long as its work
/// takes. Heavy requests run only in the main lane; light ones run there
/// when a thread is idle, and otherwise in a reserved lane of their own. So
/// however many heavy requests are in flight, a light one finds a thread
/// (and then waits, at most, for the turns its handler takes).
final class RequestThreads: Sendable {
    /// Bodies of at least this many bytes make a request heavy: a layout of
    /// one tree that size takes milliseconds, a container of cells longer.
    static let heavyBodyBytes = 64 << 10

    private let main: WorkerPool
    private let reserved: WorkerPool?

    /// `threadCount` threads in all, a quarter of them reserved for light
    /// requests (none below four threads: then there is one lane). The lanes
    /// share `queueDepth` waiting requests in the same proportion.
    init(threadCount: Int, queueDepth: Int) {
        let reservedCount = max(1, threadCount) / 4
        let reservedDepth = reservedCount == 0 ? 0 : max(1, queueDepth / 4)
        reserved = reservedCount == 0
            ? nil : WorkerPool(threadCount: reservedCount, queueDepth: reservedDepth, name: "weft-light")
        main = WorkerPool(
            threadCount: max(1, threadCount - reservedCount), queueDepth: max(1, queueDepth - reservedDepth))
    }

    /// Whether a heavy request would be refused now (503): the main lane's
    /// queue is full. Readiness says so, so that a balancer sends elsewhere.
    var isOverloaded: Bool { main.isFull }

    /// False when the job's lanes are full (the server answers 503). A light
    /// job waits in the main lane only when its own lane's queue is full.
    func trySubmit(bodyBytes: Int, _ job: @escaping WorkerPool.Job) -> Bool {
        guard let reserved, bodyBytes < Self.heavyBodyBytes else { return main.trySubmit(job) }
        return main.trySubmitToIdleThread(job) || reserved.trySubmit(job) || main.trySubmit(job)
    }

    /// Lets queued jobs finish in both lanes, waiting until `deadline` at most.
    func shutdown(deadline: UInt64) {
        main.shutdown(deadline: deadline)
        reserved?.shutdown(deadline: deadline)
    }
}
