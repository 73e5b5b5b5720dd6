#if canImport(Glibc)
import Glibc
#endif
import Testing
import WeftHTTP

@Suite struct TimeoutTests {
    @Test func slowClientGets408AndIsClosed() throws {
        try withServer({ $0.readTimeoutSeconds = 0.5 }) { server in
            let client = try RawClient(port: server.port)
            let started = monotonicSeconds()
            client.send("GET /healthz HTTP/1.1\r\nHost: t\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 408)
            #expect(monotonicSeconds() - started >= 0.4)
            #expect(client.isClosedByServer())
        }
    }

    @Test func tricklingClientCannotStarveOthers() throws {
        try withServer({ $0.readTimeoutSeconds = 1 }) { server in
            let slow = try RawClient(port: server.port)
            // A byte every 100 ms keeps the connection busy but never finishes a request.
            let head = Array("GET /healthz HTTP/1.1\r\nHost: t\r\nX: ".utf8)
            var sent = 0
            var slowStatus: Int?
            while sent < 30 {
                slow.send([head[min(sent, head.count - 1)]])
                sent += 1
                let other = try RawClient(port: server.port)
                other.send(get("/healthz"))
                #expect(other.readResponse()?.status == 200)
                usleep(100_000)
                if sent * 100 > 1300 { break }
            }
            slowStatus = slow.readResponse()?.status
            #expect(slowStatus == 408)
        }
    }

    @Test func idleKeepAliveConnectionIsClosed() throws {
        try withServer({ $0.idleTimeoutSeconds = 0.5 }) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz"))
            #expect(client.readResponse()?.status == 200)
            let started = monotonicSeconds()
            #expect(client.isClosedByServer())
            let waited = monotonicSeconds() - started
            #expect(waited >= 0.4 && waited < 4)
        }
    }
}

@Suite struct SlowServerTests {
    @Test func deepPipelineBehindSlowHandlersIsNotTimedOut() throws {
        try withServer({ $0.readTimeoutSeconds = 0.3; $0.maxPipelinedRequests = 2; $0.workers = 1 }) { server in
            let client = try RawClient(port: server.port)
            // Six requests of 150 ms each, queued behind a limit of two: the server is slow, not the client.
            client.send(String(repeating: get("/slow?ms=150"), count: 6))
            let statuses = (0..<6).compactMap { _ in client.readResponse()?.status }
            #expect(statuses == Array(repeating: 200, count: 6))
        }
    }
}
