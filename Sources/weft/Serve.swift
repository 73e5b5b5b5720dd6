import ArgumentParser
import Dispatch
import Logging
import WeftHTTP
import WeftService
import WeftStore
import WeftText

#if canImport(Glibc)
import Glibc
#endif

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP service.",
        discussion: """
            Every option can also be set by the environment variable shown; a flag wins over the variable. \
            WEFT_FONT_DIRS (colon-separated directories) adds font files, used when a text asks for them by name.
            """)

    // Numbers are taken as they come (`parsing: .unconditional`): `--port -1`
    // is then refused for its range, not read as a missing value.
    @Option(help: "Address to listen on. (env WEFT_HOST, default 127.0.0.1)") var host: String?
    @Option(parsing: .unconditional, help: "Port to listen on; 0 picks a free one. (env WEFT_PORT, default 8080)") var port: Int?
    @Option(parsing: .unconditional, help: "Worker processes sharing the port under one supervisor, which restarts any that dies. (env WEFT_PROCESSES, default 1)")
    var processes: Int?
    @Option(parsing: .unconditional, help: "Event-loop threads per process. (env WEFT_EVENT_LOOPS, default: core count)") var eventLoops: Int?
    @Option(parsing: .unconditional, help: "Worker threads: requests, and the cells of one container request. (env WEFT_WORKERS, default: core count)")
    var workers: Int?
    @Option(parsing: .unconditional, help: "Cell-layout cache size in MB; 0 disables it. (env WEFT_CACHE_MB, default 64)") var cacheMb: Int?
    @Option(parsing: .unconditional, help: "Requests waiting for a worker before 503. (env WEFT_QUEUE_DEPTH, default 256)") var queueDepth: Int?
    @Option(parsing: .unconditional, help: "Open connections at most. (env WEFT_MAX_CONNECTIONS, default 1024)") var maxConnections: Int?
    @Option(parsing: .unconditional, help: "Header section size limit, else 431. (env WEFT_MAX_HEADER_BYTES, default 16384)") var maxHeaderBytes: Int?
    @Option(parsing: .unconditional, help: "Body size limit, else 413. (env WEFT_MAX_BODY_BYTES, default 8388608)") var maxBodyBytes: Int?
    @Option(parsing: .unconditional, help: "Seconds to receive a whole request (a TLS handshake included), else 408. (env WEFT_READ_TIMEOUT, default 10)") var readTimeout: Double?
    @Option(parsing: .unconditional, help: "Seconds of work one layout request may take, else 503. (env WEFT_REQUEST_TIMEOUT, default 30)")
    var requestTimeout: Double?
    @Option(parsing: .unconditional, help: "Seconds an idle keep-alive connection stays open. (env WEFT_IDLE_TIMEOUT, default 60)") var idleTimeout: Double?
    @Option(parsing: .unconditional, help: "Seconds to finish in-flight requests on SIGTERM. (env WEFT_DRAIN_TIMEOUT, default 30)") var drainTimeout: Double?
    @Option(help: "PEM certificate chain; enables TLS with --tls-key. (env WEFT_TLS_CERT)") var tlsCert: String?
    @Option(help: "PEM private key. (env WEFT_TLS_KEY)") var tlsKey: String?
    @Option(help: "Origin allowed by CORS, repeatable, * for any. (env WEFT_CORS_ORIGIN, comma-separated; default none)")
    var corsOrigin: [String] = []
    @Option(help: "Bearer token the API and /metrics need (not the probes, the client module, fonts or playground). (env WEFT_AUTH_TOKEN; default none)")
    var authToken: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical; info logs every request. (env WEFT_LOG_LEVEL, default info)")
    var logLevel: String?
    @Option(help: "Shared cell store, redis://HOST[:PORT][/DB], so a ref made on one instance resolves on another. (env WEFT_CELL_STORE; default none: each instance keeps its own cells)")
    var cellStore: String?
    @Option(parsing: .unconditional, help: "Milliseconds a cell-store call may take before it counts as a miss. (env WEFT_CELL_STORE_TIMEOUT_MS, default 20)")
    var cellStoreTimeoutMs: Int?

    /// What the flags and the environment configure, checked.
    private struct Settings {
        var configuration: HTTPServerConfiguration
        var logLevel: Logger.Level
        var cacheMB: Int
        var requestSeconds: Double
        var cellStore: CellStoreConfiguration?
        var processes: Int
    }

    /// Checked while the arguments are parsed, so that an error ends with
    /// this subcommand's usage, not the root command's. `run` reads them
    /// again: a command keeps no state of its own between the two, and the
    /// reading is a few lookups (and the TLS files' check).
    func validate() throws {
        _ = try settings(Environment())
    }

    func run() throws {
        let settings = try settings(Environment())
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = settings.logLevel
            return handler
        }
        let logger = Logger(label: "weft")
        if WorkerHandoff.isWorker {
            try serveAsWorker(
                settings.configuration, cacheBytes: settings.cacheMB << 20, requestSeconds: settings.requestSeconds,
                cellStore: settings.cellStore, logger: logger)
        } else {
            try supervise(settings.configuration, processes: settings.processes, logger: logger)
        }
    }

    private func settings(_ environment: Environment) throws -> Settings {
        var configuration = HTTPServerConfiguration()
        configuration.host = host ?? environment["WEFT_HOST"] ?? configuration.host
        // Every number in a range that serves: a port past 65535 would wrap to
        // another one, a limit of 0 or less would refuse every request, and a
        // timeout beyond a day is no timeout at all.
        configuration.port = try within(
            port ?? environment.number("WEFT_PORT") ?? configuration.port, 0...65535, "--port")
        configuration.eventLoops = try within(
            eventLoops ?? environment.number("WEFT_EVENT_LOOPS") ?? configuration.eventLoops, 1...1024, "--event-loops")
        configuration.workers = try within(
            workers ?? environment.number("WEFT_WORKERS") ?? configuration.workers, 1...1024, "--workers")
        configuration.queueDepth = try within(
            queueDepth ?? environment.number("WEFT_QUEUE_DEPTH") ?? configuration.queueDepth, 0...1_000_000,
            "--queue-depth")
        configuration.maxConnections = try within(
            maxConnections ?? environment.number("WEFT_MAX_CONNECTIONS") ?? configuration.maxConnections,
            1...1_000_000, "--max-connections")
        configuration.maxHeaderBytes = try within(
            maxHeaderBytes ?? environment.number("WEFT_MAX_HEADER_BYTES") ?? configuration.maxHeaderBytes,
            64...(1 << 20), "--max-header-bytes")
        configuration.maxBodyBytes = try within(
            maxBodyBytes ?? environment.number("WEFT_MAX_BODY_BYTES") ?? configuration.maxBodyBytes, 1...(1 << 30),
            "--max-body-bytes")
        configuration.readTimeoutSeconds = try within(
            readTimeout ?? environment.number("WEFT_READ_TIMEOUT") ?? configuration.readTimeoutSeconds,
            Self.positiveSeconds, "--read-timeout")
        configuration.idleTimeoutSeconds = try within(
            idleTimeout ?? environment.number("WEFT_IDLE_TIMEOUT") ?? configuration.idleTimeoutSeconds,
            Self.positiveSeconds, "--idle-timeout")
        configuration.drainTimeoutSeconds = try within(
            drainTimeout ?? environment.number("WEFT_DRAIN_TIMEOUT") ?? configuration.drainTimeoutSeconds,
            0...Self.day, "--drain-timeout")
        let origins = corsOrigin.isEmpty ? environment.list("WEFT_CORS_ORIGIN") : corsOrigin
        // One that no browser's Origin can equal would start a server that
        // refuses the page it was meant for.
        for origin in origins {
            if let mismatch = CORSPolicy.mismatch(origin) {
                throw ValidationError("--cors-origin \"\(origin)\" (WEFT_CORS_ORIGIN) never matches: \(mismatch)")
            }
        }
        configuration.corsOrigins = origins
        configuration.authToken = authToken ?? environment["WEFT_AUTH_TOKEN"]
        // An empty secret would read as "no token" and leave every route open:
        // a variable set to nothing is a mistake here, not "unset".
        if configuration.authToken?.isEmpty == true || (authToken == nil && environment.isSetButEmpty("WEFT_AUTH_TOKEN")) {
            throw ValidationError("--auth-token (WEFT_AUTH_TOKEN) is empty; leave it out to run without a token")
        }
        switch (tlsCert ?? environment["WEFT_TLS_CERT"], tlsKey ?? environment["WEFT_TLS_KEY"]) {
        case (nil, nil): break
        case (let certificate?, let key?):
            let files = TLSFiles(certificatePath: certificate, privateKeyPath: key)
            do {
                try files.check()
            } catch {
                throw ValidationError("--tls-cert/--tls-key (WEFT_TLS_CERT/WEFT_TLS_KEY): \(error)")
            }
            configuration.tls = files
        default:
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        let levelName = logLevel ?? environment["WEFT_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError("unknown log level \(levelName)")
        }
        let cacheMB = try within(cacheMb ?? environment.number("WEFT_CACHE_MB") ?? 64, 0...(1 << 20), "--cache-mb")
        let requestSeconds = try within(
            requestTimeout ?? environment.number("WEFT_REQUEST_TIMEOUT") ?? 30.0, Self.positiveSeconds,
            "--request-timeout")
        let store = try cellStoreConfiguration(environment)
        let processes = try within(self.processes ?? environment.number("WEFT_PROCESSES") ?? 1, 1...256, "--processes")
        return Settings(
            configuration: configuration, logLevel: level, cacheMB: cacheMB, requestSeconds: requestSeconds,
            cellStore: store, processes: processes)
    }

    private static let day = 86_400.0
    /// A timeout: more than nothing, at most a day.
    private static let positiveSeconds = Double.leastNonzeroMagnitude...day

    /// `value` when `range` holds it; else the flag's error, naming the range.
    private func within<T: Comparable>(_ value: T, _ range: ClosedRange<T>, _ flag: String) throws -> T {
        guard range.contains(value) else {
            let lower = range.lowerBound == Double.leastNonzeroMagnitude as? T ? "more than 0" : "\(range.lowerBound)"
            throw ValidationError("\(flag) must be from \(lower) to \(range.upperBound), got \(value)")
        }
        return value
    }

    private func cellStoreConfiguration(_ environment: Environment) throws -> CellStoreConfiguration? {
        let timeout = try within(
            cellStoreTimeoutMs ?? environment.number("WEFT_CELL_STORE_TIMEOUT_MS")
                ?? CellStoreConfiguration.defaultTimeoutMilliseconds, 1...10_000, "--cell-store-timeout-ms")
        guard let url = cellStore ?? environment["WEFT_CELL_STORE"] else { return nil }
        do throws(CellStoreAddressError) {
            return CellStoreConfiguration(address: try CellStoreAddress(parsing: url), timeoutMilliseconds: timeout)
        } catch {
            throw ValidationError("--cell-store (or WEFT_CELL_STORE) \(error.description)")
        }
    }

    /// Binds the port, then runs the worker processes that serve it.
    private func supervise(_ configuration: HTTPServerConfiguration, processes: Int, logger: Logger) throws {
        let listener = try ListeningSocket.bind(host: configuration.host, port: configuration.port)
        let supervisor = Supervisor(listener: listener, processes: processes,
                                    drainTimeoutSeconds: configuration.drainTimeoutSeconds, logger: logger)
        let status = try supervisor.run {
            let scheme = configuration.tls == nil ? "http" : "https"
            let host = urlHost(configuration.host)
            logger.notice("listening", metadata: ["url": "\(scheme)://\(host):\(listener.port)"])
            // One line on stdout, flushed, so scripts and tests can learn a port chosen with --port 0.
            print("weft listening on \(scheme)://\(host):\(listener.port)")
            fflush(nil)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Serves the socket a supervisor bound, until SIGTERM or the supervisor's end.
    private func serveAsWorker(
        _ configuration: HTTPServerConfiguration, cacheBytes: Int, requestSeconds: Double,
        cellStore: CellStoreConfiguration?, logger: Logger
    ) throws {
        AllocatorTuning.keepLargeBuffers(arenas: configuration.workers)
        let metrics = ServiceMetrics()
        let restarts = try RestartCounter(fd: WorkerHandoff.restartCounter, writable: false)
        metrics.observeWorkerRestarts { restarts.value }
        // The cell engine's threads: the request's own worker plus workers - 1 more.
        // A store that stops answering (or answers again) is one line at
        // `warning` (or `notice`); lookups meanwhile are misses, never errors.
        let store = cellStore.map { configuration in
            CellStore(configuration) { available, reason in
                var metadata: Logger.Metadata = [
                    "url": "\(configuration.address)", "reachable": "\(available)",
                    "timeout_ms": "\(configuration.timeoutMilliseconds)",
                ]
                if let reason { metadata["reason"] = "\(reason)" }
                logger.log(level: available ? .notice : .warning, "cell store", metadata: metadata)
            }
        }
        let engine = ContainerEngine(
            workers: configuration.workers, cacheBytes: cacheBytes, textMeasurer: WeftTextMeasurer.shared,
            timeoutSeconds: requestSeconds, cellStore: store)
        // Not fatal either way: an unreachable store only means fewer shared
        // hits. A failed ping is logged by the store's own change callback,
        // so each outcome is one line.
        if let store, store.ping() {
            logger.log(level: .notice, "cell store", metadata: [
                "url": "\(store.configuration.address)", "reachable": "true",
                "timeout_ms": "\(store.configuration.timeoutMilliseconds)",
            ])
        }
        let router = ServiceRoutes.makeRouter(
            metrics: metrics, textMeasurer: WeftTextMeasurer.shared, engine: engine, cellStore: store)
        // Request threads compute only while they hold one of the engine's
        // turns (one per worker, and one more) and wait without one, so there are more
        // threads than turns: a small request finds a thread (a quarter of
        // them take only small ones) while big ones hold every turn, and waits
        // for a slice, not for a whole request.
        var configuration = configuration
        configuration.workers *= ContainerEngine.requestThreadsPerWorker
        // Memory the allocator kept for the next request goes back once none comes for two seconds.
        let idle = IdleRelease(quietSeconds: 2, forwardTo: metrics) {
            AllocatorTuning.releaseFreeMemory()
            metrics.countIdleMemoryRelease()
        }
        idle.startWatching(intervalSeconds: 1)
        let server = HTTPServer(configuration: configuration, router: router, observer: idle, logger: logger)
        try server.start(listeningOn: ListeningSocket(inherited: WorkerHandoff.listener))
        let finished = DispatchSemaphore(value: 0)
        let stop: @Sendable (String) -> Void = { reason in
            // A second SIGTERM means: stop now, do not wait for the drain.
            guard !server.isDraining else {
                logger.warning("stopping without waiting for the drain")
                Glibc.exit(1)
            }
            logger.notice("draining", metadata: ["reason": "\(reason)"])
            server.drain()
            finished.signal()
        }
        // Ctrl-C in a terminal reaches the whole process group; the supervisor
        // turns it into one SIGTERM per worker.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        terminate.setEventHandler { stop("SIGTERM") }
        terminate.resume()
        // A worker whose supervisor has gone (killed outright) must not hold the port on its own.
        DispatchQueue.global().async {
            var byte: UInt8 = 0
            while read(WorkerHandoff.lifeline, &byte, 1) != 0 {
                guard errno == EINTR else { break }
            }
            stop("supervisor gone")
        }
        // Ready only once SIGTERM drains: the supervisor may forward one as soon as it hears this.
        var serving: UInt8 = 1
        _ = write(WorkerHandoff.ready, &serving, 1)
        close(WorkerHandoff.ready)
        logger.info("worker serving", metadata: ["pid": "\(getpid())"])
        finished.wait()
        logger.info("worker stopped", metadata: ["pid": "\(getpid())"])
        _ = terminate
    }
}

/// Reads settings from the process environment.
struct Environment {
    subscript(name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    func number<T: LosslessStringConvertible>(_ name: String) throws -> T? {
        guard let text = self[name] else { return nil }
        guard let value = T(text) else { throw ValidationError("\(name)=\(text) is not a number") }
        return value
    }

    /// Whether `name` is in the environment with an empty value (which `self[name]` reads as unset).
    func isSetButEmpty(_ name: String) -> Bool {
        guard let value = getenv(name) else { return false }
        return value.pointee == 0
    }

    func list(_ name: String) -> [String] {
        self[name]?.split(separator: ",").map { String($0).trimmingSpaces } ?? []
    }
}

private extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
