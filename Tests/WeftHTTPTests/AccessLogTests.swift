import Logging
import Testing
import WeftHTTP
import WeftSync

/// Keeps every log record so a test can read the access log.
final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    struct Record {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    let records = Protected<[Record]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let record = Record(level: event.level, message: event.message.description, metadata: event.metadata ?? [:])
        records.withLock { $0.append(record) }
    }
}

@Suite struct AccessLogTests {
    /// A server on a free loopback port whose log `handler` records.
    private func loggingServer(_ handler: RecordingLogHandler, router: Router = testRouter()) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, router: router, logger: Logger(label: "test") { _ in handler })
        try server.start()
        return server
    }

    @Test func oneStructuredLinePerRequest() throws {
        let handler = RecordingLogHandler()
        let server = try loggingServer(handler)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(get("/healthz", headers: ["X-Request-Id: log-me"]) + post("/echo", body: "abc") + get("/missing"))
        for _ in 0..<3 { _ = client.readResponse() }
        server.stop()

        let lines = handler.records.withLock { $0 }.filter { $0.message == "request" }
        #expect(lines.count == 3)
        let health = try #require(lines.first { $0.metadata["request_id"]?.description == "log-me" })
        #expect(health.level == .info)
        #expect(health.metadata["method"]?.description == "GET")
        #expect(health.metadata["path"]?.description == "/healthz")
        #expect(health.metadata["status"]?.description == "200")
        #expect(health.metadata["duration_ms"] != nil)
        #expect(health.metadata["bytes_out"] != nil)
        #expect(lines.contains { $0.metadata["status"]?.description == "404" })
    }

    /// An answer the server could not give (5xx) is logged above `info`, so
    /// `--log-level notice` still shows it.
    @Test func aServerSideFailureIsLoggedAboveInfo() throws {
        let handler = RecordingLogHandler()
        var router = testRouter()
        router.add("GET", "/unavailable") { _ in HTTPResponse(status: 503, contentType: "text/plain", body: []) }
        router.add("GET", "/fault") { _ in HTTPResponse(status: 500, contentType: "text/plain", body: []) }
        let server = try loggingServer(handler, router: router)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(get("/unavailable") + get("/fault") + get("/healthz"))
        for _ in 0..<3 { _ = client.readResponse() }
        // A method the server does not implement is the client's doing: no louder than a 4xx.
        let unknown = try RawClient(port: server.port)
        unknown.send("BREW /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(unknown.readResponse()?.status == 501)
        server.stop()
        let levels = Dictionary(
            handler.records.withLock { $0 }.filter { $0.message == "request" }
                .map { ($0.metadata["status"]?.description ?? "", $0.level) }) { first, _ in first }
        #expect(levels["503"] == .notice)
        #expect(levels["500"] == .error)
        #expect(levels["200"] == .info)
        #expect(levels["501"] == .info)
    }
}
