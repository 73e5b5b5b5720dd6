import Testing
import WeftHTTP

/// Requests that must be refused, and the connection closed, because two
/// parsers could read their framing differently.
@Suite struct FramingSafetyTests {
    private func refusal(_ raw: String, configure: (inout HTTPServerConfiguration) -> Void = { _ in })
        throws -> (status: Int?, closed: Bool, problemType: String?) {
        try withServer(configure) { server in
            let client = try RawClient(port: server.port)
            client.send(raw)
            let response = client.readResponse()
            return (response?.status, client.isClosedByServer(), response?.headers["content-type"])
        }
    }

    @Test func contentLengthWithTransferEncodingIsA400AndCloses() throws {
        let smuggle = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "0\r\n\r\nGET /fast HTTP/1.1\r\nHost: t\r\n\r\n"
        let result = try refusal(smuggle)
        #expect(result.status == 400)
        #expect(result.closed)
        #expect(result.problemType == "application/problem+json")
    }

    @Test func conflictingContentLengthsAreA400AndClose() throws {
        let result = try refusal("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 30\r\n\r\nabc")
        #expect(result.status == 400)
        #expect(result.closed)
    }

    @Test func malformedBytesAreA400() throws {
        for raw in ["\u{16}\u{03}\u{01}\u{02}\u{00}\r\n\r\n", "GET / HTTP/1.1\r\nHost: t\r\nNo colon here\r\n\r\n",
                    "GET /\u{7F} HTTP/1.1\r\nHost: t\r\n\r\n", "GET / HTTP/1.1\nHost: t\n\n"] {
            let result = try refusal(raw)
            #expect(result.status == 400, "for \(raw.debugDescription)")
            #expect(result.closed)
        }
    }

    @Test func oversizedHeadersAreA431() throws {
        let raw = "GET /healthz HTTP/1.1\r\nHost: t\r\nX-Padding: " + String(repeating: "p", count: 20_000) + "\r\n\r\n"
        let result = try refusal(raw)
        #expect(result.status == 431)
        #expect(result.closed)
    }

    @Test func oversizedBodyIsA413BeforeItIsSent() throws {
        try withServer({ $0.maxBodyBytes = 1024 }) { server in
            let client = try RawClient(port: server.port)
            // Only the head is sent: the answer must not wait for 9 MB that never come.
            client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 9437184\r\n\r\n")
            #expect(client.readResponse()?.status == 413)
            #expect(client.isClosedByServer())
        }
    }

    @Test func oversizedChunkedBodyIsA413() throws {
        let raw = "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n" + String(repeating: "x", count: 2048)
        #expect(try refusal(raw, configure: { $0.maxBodyBytes = 1024 }).status == 413)
    }

    @Test func requestsAfterARefusalAreNotServed() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send("GET /fast HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxGET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.status == 400)
            #expect(client.readResponse() == nil)
        }
    }

    @Test func randomBytesNeverTakeTheServerDown() throws {
        try withServer({ $0.readTimeoutSeconds = 0.3 }) { server in
            var generator = ParserFuzzTests.SeededGenerator(state: 42)
            for _ in 0..<50 {
                let client = try RawClient(port: server.port, receiveTimeoutSeconds: 2)
                client.send((0..<Int.random(in: 1...3000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
                _ = client.readResponse()
            }
            let healthy = try RawClient(port: server.port)
            healthy.send(get("/healthz"))
            #expect(healthy.readResponse()?.status == 200)
        }
    }

    @Test func missingHostIsA400() throws {
        #expect(try refusal("GET /healthz HTTP/1.1\r\n\r\n").status == 400)
    }
}
