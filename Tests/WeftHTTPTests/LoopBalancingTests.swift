import Testing
@testable import WeftHTTP

@Suite struct LoopBalancingTests {
    @Test func connectionsGoToTheLoopHoldingFewest() {
        let balancer = LoopBalancer(loops: 3)
        // Whatever loop accepts, owners fill up evenly.
        let owners = (0..<6).map { _ in balancer.assign(acceptedBy: 0) }
        #expect(owners.sorted() == [0, 0, 1, 1, 2, 2])
        balancer.release(1)
        #expect(balancer.assign(acceptedBy: 2) == 1)
    }

    @Test func theAcceptingLoopKeepsATiedConnection() {
        let balancer = LoopBalancer(loops: 2)
        #expect(balancer.assign(acceptedBy: 1) == 1)
        #expect(balancer.assign(acceptedBy: 1) == 0)
        #expect(balancer.assign(acceptedBy: 0) == 0)
    }

    /// Connections handed from the accepting loop to another are served there,
    /// on the loop and on the pool, with keep-alive, until they close.
    @Test func handedOverConnectionsAreServed() throws {
        try withServer({ $0.eventLoops = 3 }) { server in
            for _ in 0..<3 {
                let clients = try (0..<12).map { _ in try RawClient(port: server.port) }
                for client in clients {
                    client.send(get("/fast"))
                    #expect(client.readResponse()?.text == "fast")
                    client.send(post("/echo", body: "again"))
                    #expect(client.readResponse()?.text == "again")
                }
                for client in clients {
                    client.send(get("/fast", headers: ["Connection: close"]))
                    #expect(client.readResponse()?.status == 200)
                    #expect(client.isClosedByServer())
                }
            }
        }
    }
}
