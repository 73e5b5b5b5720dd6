import Testing
import WeftHTTP

@Suite struct RequestIDTests {
    @Test func givenIDIsEchoedAndMissingOneIsMade() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz", headers: ["X-Request-Id: trace-42"]))
            #expect(client.readResponse()?.headers["x-request-id"] == "trace-42")
            client.send(get("/healthz"))
            let first = try #require(client.readResponse()?.headers["x-request-id"])
            client.send(get("/healthz", headers: ["X-Request-Id: has spaces"]))
            let second = try #require(client.readResponse()?.headers["x-request-id"])
            #expect(!first.isEmpty && first != second && second != "has spaces")
        }
    }
}
