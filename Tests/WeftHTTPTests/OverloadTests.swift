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

    /// A balancer asks readiness where to send: while the queue is full the
    /// answer is 503, and ready again once it has room.
    @Test func readinessIsA503WhileTheQueueIsFull() throws {
        try withServer({ $0.workers = 1; $0.queueDepth = 1 }) { server in
            let busy = try (0..<2).map { _ in try RawClient(port: server.port) }
            // The first taken by the worker before the second fills the queue.
            busy[0].send(get("/slow?ms=1500"))
            usleep(200_000)
            busy[1].send(get("/slow?ms=1500"))
            let probe = try RawClient(port: server.port)
            var statuses: [Int] = []
            // Until the second is queued, at most a second.
            for _ in 0..<20 {
                probe.send(get("/readyz"))
                let status = try #require(probe.readResponse()).status
                statuses.append(status)
                if status == 503 { break }
                usleep(50_000)
            }
            #expect(statuses.last == 503, "\(statuses)")
            for client in busy { #expect(client.readResponse()?.status == 200) }
            probe.send(get("/readyz"))
            #expect(probe.readResponse()?.status == 200)
        }
    }
}
