#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import WeftHTTP

/// Requests with large bodies hold the handler threads; a small request
/// still finds one of the threads reserved for it.
@Suite struct RequestThreadsTests {
    /// Opened by the test once it has seen what it waits for; the held
    /// handlers give up after ten seconds so that a failing test still ends.
    final class Gate: Sendable {
        private let open = Atomic<Bool>(false)
        func release() { open.store(true, ordering: .releasing) }
        var isOpen: Bool { open.load(ordering: .acquiring) }
        func wait() {
            for _ in 0..<10_000 where !isOpen { usleep(1000) }
        }

        /// The test routes and `POST /hold`, which answers once the gate opens.
        func router() -> Router {
            var router = testRouter()
            router.add("POST", "/hold") { [self] _ in
                wait()
                return HTTPResponse(status: 200, contentType: "text/plain", body: Array("held".utf8))
            }
            return router
        }
    }

    /// A large body of 128 KiB.
    static let large = String(repeating: "x", count: 128 << 10)

    @Test func aSmallRequestIsAnsweredWhileLargeOnesHoldEveryThreadTheyMayUse() throws {
        let gate = Gate()
        // Four threads: three for any request, one for small ones only.
        try withServer({ $0.workers = 4 }, router: gate.router()) { server in
            let holders = try (0..<5).map { _ in try RawClient(port: server.port, receiveTimeoutSeconds: 15) }
            for client in holders { client.send(post("/hold", body: Self.large)) }
            usleep(200_000)
            let small = try RawClient(port: server.port, receiveTimeoutSeconds: 5)
            small.send(post("/echo", body: "small"))
            let answer = small.readResponse()
            // Answered while every large request still waits at the gate.
            #expect(answer?.status == 200)
            #expect(!gate.isOpen)
            gate.release()
            let held = holders.compactMap { $0.readResponse()?.status }
            #expect(held == Array(repeating: 200, count: 5))
        }
    }

    /// When the reserved lane's queue is full, a small request waits in the
    /// main lane's rather than being refused.
    @Test func aSmallRequestQueuesInTheMainLaneWhenItsOwnIsFull() throws {
        let gate = Gate()
        // Three main threads and one reserved; the queue of four is split three and one.
        try withServer({ $0.workers = 4; $0.queueDepth = 4 }, router: gate.router()) { server in
            let clients = try (0..<6).map { _ in try RawClient(port: server.port, receiveTimeoutSeconds: 15) }
            // Three large requests hold the main lane, a small one the reserved thread,
            // the next small one fills the reserved queue, the last must wait in the main queue.
            for client in clients[0..<3] { client.send(post("/hold", body: Self.large)) }
            usleep(200_000)
            for client in clients[3...] {
                client.send(post("/hold", body: "small"))
                usleep(100_000)
            }
            gate.release()
            let statuses = clients.compactMap { $0.readResponse()?.status }
            #expect(statuses == Array(repeating: 200, count: 6))
        }
    }
}
