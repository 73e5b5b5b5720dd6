#if canImport(Glibc)
import WeftSync
import Glibc
#endif
import Logging

/// A hand-written HTTP/1.1 server: a few epoll loops for I/O and a bounded
/// worker pool for handlers that do real work.
public final class HTTPServer: Sendable {
    /// The settings the server was made with.
    public let configuration: HTTPServerConfiguration
    private let processor: RequestProcessor
    private let state = Protected(RunState())

    private struct RunState {
        var loops: [EventLoop] = []
        var threads: [OSThread] = []
        var pool: RequestThreads?
        var port = 0
        var draining = false
        var stopped = false
    }

    /// A server that sends requests to `router` and reports each one to
    /// `observer`; it listens only once `start` is called.
    public init(configuration: HTTPServerConfiguration, router: Router,
                observer: (any HTTPServerObserver)? = nil, logger: Logger = Logger(label: "weft.http")) {
        self.configuration = configuration
        processor = RequestProcessor(router: router, configuration: configuration, observer: observer, logger: logger)
    }

    /// The port actually bound, which differs from the configured one when that was 0.
    public var port: Int { state.withLock { $0.port } }

    /// True once `drain` (or `stop`) has begun: no new connections are accepted.
    public var isDraining: Bool { state.withLock { $0.draining } }

    /// Binds and starts serving; returns once the socket listens.
    public func start() throws {
        try start(listeningOn: ListeningSocket.bind(host: configuration.host, port: configuration.port))
    }

    /// Starts serving connections from a socket bound elsewhere, such as one a
    /// supervisor passed down; the server closes it when it stops.
    public func start(listeningOn socket: ListeningSocket) throws {
        guard state.withLock({ $0.loops.isEmpty && !$0.stopped }) else {
            throw HTTPServerError(description: "the server was already started")
        }
        // A peer that vanishes mid-write must cost one connection, not the process.
        signal(SIGPIPE, SIG_IGN)
        let connectionLimit = connectionsThatFit(configuration.maxConnections)
        if connectionLimit < configuration.maxConnections {
            processor.logger.warning("open-file limit", metadata: [
                "max_connections": "\(configuration.maxConnections)", "connections_that_fit": "\(connectionLimit)",
            ])
        }
        let tlsContext: TLSContext?
        do {
            tlsContext = try configuration.tls.map { try TLSContext(files: $0) }
        } catch {
            close(socket.fd)
            throw error
        }
        // Every loop accepts from the one socket, through a descriptor of its own
        // so that each closes its own when it stops.
        var listeners = [socket.fd]
        for _ in 1..<max(1, configuration.eventLoops) {
            let copy = fcntl(socket.fd, F_DUPFD_CLOEXEC, 0)
            guard copy >= 0 else {
                let error = HTTPServerError.system("dup")
                for fd in listeners { close(fd) }
                throw error
            }
            listeners.append(copy)
        }
        let pool = RequestThreads(threadCount: configuration.workers, queueDepth: configuration.queueDepth)
        let budget = ConnectionBudget(limit: connectionLimit)
        let balancer = LoopBalancer(loops: listeners.count)
        var loops: [EventLoop] = []
        for (index, fd) in listeners.enumerated() {
            loops.append(try EventLoop(index: index, listener: fd, processor: processor, pool: pool, budget: budget,
                                       balancer: balancer, tlsContext: tlsContext))
        }
        for loop in loops { loop.peers = loops }
        let threads = loops.enumerated().map { index, loop in
            OSThread(name: "weft-loop-\(index)") { loop.run() }
        }
        state.withLock {
            $0.loops = loops
            $0.threads = threads
            $0.pool = pool
            $0.port = socket.port
        }
    }

    /// Stops accepting, lets in-flight requests finish for up to `timeout`
    /// seconds, then closes everything. Blocks until done; safe to call twice.
    public func drain(timeoutSeconds: Double? = nil) {
        let (loops, threads, pool) = state.withLock { state -> ([EventLoop], [OSThread], RequestThreads?) in
            guard !state.draining else { return ([], [], nil) }
            state.draining = true
            return (state.loops, state.threads, state.pool)
        }
        let deadline = monotonicNanoseconds() + nanoseconds(fromSeconds: timeoutSeconds ?? configuration.drainTimeoutSeconds)
        processor.draining.store(true, ordering: .releasing)
        for loop in loops { loop.post(.drain(deadline: deadline)) }
        for thread in threads { thread.join() }
        pool?.shutdown(deadline: deadline)
        state.withLock { state in
            state.stopped = true
            state.loops = []
            state.threads = []
        }
    }

    /// Closes every connection now, without waiting for in-flight requests.
    public func stop() {
        drain(timeoutSeconds: 0)
    }
}

/// How many of `connections` the process can hold open: the default soft
/// descriptor limit (often 1024) is raised toward what they need beside the
/// descriptors already open (loops, pipes, font files) and a reserve for
/// what opens later (store connections, fonts). Where the hard limit is
/// lower, fewer connections are admitted, so that one over the limit is
/// refused with a 503 rather than left in the backlog waiting for a
/// descriptor that never comes.
private func connectionsThatFit(_ connections: Int) -> Int {
    var limits = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return connections }
    let used = openDescriptors() + 64
    let wanted = rlim_t(connections + used)
    if limits.rlim_cur < wanted {
        limits.rlim_cur = min(wanted, limits.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
        _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits)
    }
    return max(1, min(connections, Int(clamping: limits.rlim_cur) - used))
}

/// The descriptors open now (Linux's /proc/self/fd lists them).
private func openDescriptors() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return 0 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
        if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
    }
    return count - 1  // the directory's own
}
