#if canImport(Glibc)
import Glibc
#endif
import Testing
import WeftHTTP

@Suite struct OverloadTests {
    @Test func fullQueueAnswers503WithRetryAfter() throws {
        try withServer({ $0.workers = 1; $0.queueDepth = 1 }) { server in
            // One request occupies the worker, one waits in the queue; the rest must be refused now, not queued.
            let clients = try (0..<5).map { _ in try RawClient(port: server.port) }
            for client in clients { client.send(get("/slow?ms=1500")) }
            let responses = clients.compactMap { $0.readResponse() }
            #expect(responses.count == 5)
            let refused = responses.filter { $0.status == 503 }
            #expect(refused.count >= 2)
            #expect(refused.allSatisfy { $0.headers["retry-after"] == "1" })
            #expect(responses.contains { $0.status == 200 })
            // Health checks never wait for the pool.
            let health = try RawClient(port: server.port)
            health.send(get("/healthz"))
            #expect(health.readResponse()?.status == 200)
        }
    }
}
