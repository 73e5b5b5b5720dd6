import ArgumentParser
import Dispatch
import Logging
import WeftHTTP
import WeftService
import WeftText

#if canImport(Glibc)
import Glibc
#endif

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the HTTP service.",
        discussion: "Every option can also be set by the environment variable shown; a flag wins over the variable.")

    @Option(help: "Address to listen on. (env WEFT_HOST, default 127.0.0.1)") var host: String?
    @Option(help: "Port to listen on; 0 picks a free one. (env WEFT_PORT, default 8080)") var port: Int?
    @Option(help: "Event-loop threads. (env WEFT_EVENT_LOOPS, default: core count)") var eventLoops: Int?
    @Option(help: "Worker threads: requests, and the cells of one container request. (env WEFT_WORKERS, default: core count)")
    var workers: Int?
    @Option(help: "Cell-layout cache size in MB; 0 disables it. (env WEFT_CACHE_MB, default 64)") var cacheMb: Int?
    @Option(help: "Requests waiting for a worker before 503. (env WEFT_QUEUE_DEPTH, default 256)") var queueDepth: Int?
    @Option(help: "Open connections at most. (env WEFT_MAX_CONNECTIONS, default 1024)") var maxConnections: Int?
    @Option(help: "Header section size limit, else 431. (env WEFT_MAX_HEADER_BYTES, default 16384)") var maxHeaderBytes: Int?
    @Option(help: "Body size limit, else 413. (env WEFT_MAX_BODY_BYTES, default 8388608)") var maxBodyBytes: Int?
    @Option(help: "Seconds to receive a whole request, else 408. (env WEFT_READ_TIMEOUT, default 10)") var readTimeout: Double?
    @Option(help: "Seconds an idle keep-alive connection stays open. (env WEFT_IDLE_TIMEOUT, default 60)") var idleTimeout: Double?
    @Option(help: "Seconds to finish in-flight requests on SIGTERM. (env WEFT_DRAIN_TIMEOUT, default 30)") var drainTimeout: Double?
    @Option(help: "PEM certificate chain; enables TLS with --tls-key. (env WEFT_TLS_CERT)") var tlsCert: String?
    @Option(help: "PEM private key. (env WEFT_TLS_KEY)") var tlsKey: String?
    @Option(help: "Origin allowed by CORS, repeatable, * for any. (env WEFT_CORS_ORIGIN, comma-separated; default none)")
    var corsOrigin: [String] = []
    @Option(help: "Bearer token every route but /healthz and /readyz needs. (env WEFT_AUTH_TOKEN; default none)")
    var authToken: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical; info logs every request. (env WEFT_LOG_LEVEL, default info)")
    var logLevel: String?

    func run() throws {
        let environment = Environment()
        var configuration = HTTPServerConfiguration()
        configuration.host = host ?? environment["WEFT_HOST"] ?? configuration.host
        configuration.port = try port ?? environment.number("WEFT_PORT") ?? configuration.port
        configuration.eventLoops = try eventLoops ?? environment.number("WEFT_EVENT_LOOPS") ?? configuration.eventLoops
        configuration.workers = try workers ?? environment.number("WEFT_WORKERS") ?? configuration.workers
        configuration.queueDepth = try queueDepth ?? environment.number("WEFT_QUEUE_DEPTH") ?? configuration.queueDepth
        configuration.maxConnections = try maxConnections ?? environment.number("WEFT_MAX_CONNECTIONS")
            ?? configuration.maxConnections
        configuration.maxHeaderBytes = try maxHeaderBytes ?? environment.number("WEFT_MAX_HEADER_BYTES")
            ?? configuration.maxHeaderBytes
        configuration.maxBodyBytes = try maxBodyBytes ?? environment.number("WEFT_MAX_BODY_BYTES")
            ?? configuration.maxBodyBytes
        configuration.readTimeoutSeconds = try readTimeout ?? environment.number("WEFT_READ_TIMEOUT")
            ?? configuration.readTimeoutSeconds
        configuration.idleTimeoutSeconds = try idleTimeout ?? environment.number("WEFT_IDLE_TIMEOUT")
            ?? configuration.idleTimeoutSeconds
        configuration.drainTimeoutSeconds = try drainTimeout ?? environment.number("WEFT_DRAIN_TIMEOUT")
            ?? configuration.drainTimeoutSeconds
        let origins = corsOrigin.isEmpty ? environment.list("WEFT_CORS_ORIGIN") : corsOrigin
        configuration.corsOrigins = origins
        configuration.authToken = authToken ?? environment["WEFT_AUTH_TOKEN"]
        switch (tlsCert ?? environment["WEFT_TLS_CERT"], tlsKey ?? environment["WEFT_TLS_KEY"]) {
        case (nil, nil): break
        case (let certificate?, let key?):
            configuration.tls = TLSFiles(certificatePath: certificate, privateKeyPath: key)
        default:
            throw ValidationError("--tls-cert and --tls-key go together")
        }
        let levelName = logLevel ?? environment["WEFT_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError("unknown log level \(levelName)")
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let cacheMB = try cacheMb ?? environment.number("WEFT_CACHE_MB") ?? 64
        guard cacheMB >= 0 else { throw ValidationError("--cache-mb must be >= 0") }
        try serve(configuration, cacheBytes: cacheMB << 20, logger: Logger(label: "weft"))
    }

    private func serve(_ configuration: HTTPServerConfiguration, cacheBytes: Int, logger: Logger) throws {
        let metrics = ServiceMetrics()
        // The cell engine's threads: the request's own worker plus workers - 1 more.
        let engine = ContainerEngine(
            workers: configuration.workers, cacheBytes: cacheBytes, textMeasurer: WeftTextMeasurer.shared)
        let router = ServiceRoutes.makeRouter(metrics: metrics, textMeasurer: WeftTextMeasurer.shared, engine: engine)
        // Request threads compute only while they hold one of the engine's
        // turns (one per worker) and wait without one, so there are more
        // threads than turns: a small request finds a thread while big ones
        // hold every turn, and waits for a slice, not for a whole request.
        var configuration = configuration
        configuration.workers *= ContainerEngine.requestThreadsPerWorker
        let server = HTTPServer(configuration: configuration, router: router, observer: metrics, logger: logger)
        try server.start()
        let scheme = configuration.tls == nil ? "http" : "https"
        logger.notice("listening", metadata: ["url": "\(scheme)://\(configuration.host):\(server.port)"])
        // One line on stdout, flushed, so scripts and tests can learn a port chosen with --port 0.
        print("weft listening on \(scheme)://\(configuration.host):\(server.port)")
        fflush(nil)

        let finished = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                // A second signal (Ctrl-C twice) means: stop now, do not wait for the drain.
                guard !server.isDraining else {
                    logger.warning("stopping without waiting for the drain")
                    Glibc.exit(1)
                }
                logger.notice("draining", metadata: ["signal": "\(signalNumber)"])
                server.drain()
                finished.signal()
            }
            source.resume()
            sources.append(source)
        }
        finished.wait()
        logger.notice("stopped")
        _ = sources
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

    func list(_ name: String) -> [String] {
        self[name]?.split(separator: ",").map { String($0).trimmingSpaces } ?? []
    }
}

private extension String {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
