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
    @Test func oneStructuredLinePerRequest() throws {
        let handler = RecordingLogHandler()
        let logger = Logger(label: "test") { _ in handler }
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, router: testRouter(), logger: logger)
        try server.start()
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
}
