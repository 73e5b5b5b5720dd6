import Testing
@testable import WeftHTTP

@Suite struct ListeningSocketTests {
    /// A port another server listens on is refused, not shared: with SO_REUSEPORT
    /// the kernel would split connections between the two servers.
    @Test func aSecondServerOnATakenPortFailsWithAddressInUse() throws {
        try withServer { first in
            var configuration = HTTPServerConfiguration()
            configuration.host = "127.0.0.1"
            configuration.port = first.port
            let second = HTTPServer(configuration: configuration, router: testRouter())
            #expect {
                try second.start()
            } throws: { error in
                "\(error)".contains("Address already in use")
            }
            let client = try RawClient(port: first.port)
            client.send(get("/fast"))
            #expect(client.readResponse()?.status == 200)
        }
    }

    /// Every event loop accepts from the one socket it was given, such as one
    /// inherited from a supervisor.
    @Test func aServerStartedOnABoundSocketServesFromEveryLoop() throws {
        let socket = try ListeningSocket.bind(host: "127.0.0.1", port: 0)
        var configuration = HTTPServerConfiguration()
        configuration.eventLoops = 3
        configuration.workers = 2
        let server = HTTPServer(configuration: configuration, router: testRouter())
        try server.start(listeningOn: ListeningSocket(inherited: socket.fd))
        defer { server.stop() }
        #expect(server.port == socket.port)
        let clients = try (0..<9).map { _ in try RawClient(port: socket.port) }
        for client in clients {
            client.send(get("/fast"))
            #expect(client.readResponse()?.text == "fast")
        }
    }

    @Test func aDescriptorThatDoesNotListenIsRefused() {
        #expect(throws: HTTPServerError.self) { try ListeningSocket(inherited: 0) }
    }
}
