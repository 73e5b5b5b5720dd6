import Testing
@testable import WeftHTTP

@Suite struct CompressionTests {
    @Test func gzipAndDeflateRoundTrip() throws {
        let original = Array(String(repeating: "weft layout ", count: 500).utf8)
        for coding in [ContentCoding.gzip, .deflate] {
            let packed = try #require(Compression.compress(original, as: coding))
            #expect(packed.count < original.count / 10)
            #expect(try Compression.decompress(packed, as: coding, limit: 1 << 20) == original)
        }
        let gzipped = try #require(Compression.compress(original, as: .gzip))
        #expect(Array(gzipped.prefix(2)) == [0x1F, 0x8B])
    }

    /// A gzip body of several members (`cat a.gz b.gz`) is every member's
    /// bytes in turn; what follows a member and is not one is malformed, and
    /// the limit counts all members together.
    @Test func gzipMembersFollowOneAnother() throws {
        let first = Array(#"{"root": {"type": "#.utf8), second = Array(#""box"}}"#.utf8)
        let members = try #require(Compression.compress(first, as: .gzip)) + #require(Compression.compress(second, as: .gzip))
        #expect(try Compression.decompress(members, as: .gzip, limit: 1 << 20) == first + second)
        #expect(throws: CompressionError.malformed) {
            try Compression.decompress(members + [1, 2, 3], as: .gzip, limit: 1 << 20)
        }
        let half = try #require(Compression.compress([UInt8](repeating: 0, count: 600 << 10), as: .gzip))
        #expect(throws: CompressionError.tooLarge) { try Compression.decompress(half + half, as: .gzip, limit: 1 << 20) }
    }

    @Test func decompressionStopsAtTheLimit() throws {
        let bomb = try #require(Compression.compress([UInt8](repeating: 0, count: 4 << 20), as: .gzip))
        #expect(throws: CompressionError.tooLarge) { try Compression.decompress(bomb, as: .gzip, limit: 1 << 20) }
        #expect(throws: CompressionError.malformed) { try Compression.decompress([1, 2, 3, 4], as: .gzip, limit: 100) }
    }

    @Test func acceptEncodingNegotiation() {
        #expect(Compression.negotiate(acceptEncoding: "gzip, deflate, br") == .gzip)
        #expect(Compression.negotiate(acceptEncoding: "deflate") == .deflate)
        #expect(Compression.negotiate(acceptEncoding: "gzip;q=0, deflate;q=0.5") == .deflate)
        #expect(Compression.negotiate(acceptEncoding: "br") == nil)
        #expect(Compression.negotiate(acceptEncoding: "*") == .gzip)
        #expect(Compression.negotiate(acceptEncoding: nil) == nil)
    }

    /// Empty list elements and odd parameters are skipped, never indexed into.
    @Test(arguments: [";", ";;", ",;,", " ; q=1", ";gzip", "gzip;q=nan", "gzip;q=inf", "gzip;q=2", "gzip;q=-1"])
    func oddAcceptEncodingValuesNegotiateNothing(value: String) {
        #expect(Compression.negotiate(acceptEncoding: value) == nil)
    }

    @Test func emptyElementsBesideARealCodingStillNegotiateIt() {
        #expect(Compression.negotiate(acceptEncoding: ";, gzip") == .gzip)
        #expect(Compression.negotiate(acceptEncoding: "gzip;q=0.5;, ;") == .gzip)
    }

    /// Every text the server serves is compressible, its client module's types included.
    @Test func textualMediaTypesAreCompressible() {
        for type in ["application/json", "application/problem+json", "application/x-ndjson", "text/html; charset=utf-8",
                     "application/yaml", "text/javascript; charset=utf-8", "application/typescript; charset=utf-8"] {
            #expect(Compression.isCompressible(contentType: type), "\(type)")
        }
        for type in ["font/ttf", "application/octet-stream", "image/png"] {
            #expect(!Compression.isCompressible(contentType: type), "\(type)")
        }
    }

    @Test func largeJSONIsGzippedWhenAsked() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(get("/big", headers: ["Accept-Encoding: gzip"]))
            let response = try #require(client.readResponse())
            #expect(response.headers["content-encoding"] == "gzip")
            #expect(response.headers["vary"] == "accept-encoding")
            let json = try Compression.decompress(response.body, as: .gzip, limit: 1 << 20)
            #expect(String(decoding: json, as: UTF8.self).hasPrefix(#"[{"id":"cell""#))

            client.send(get("/big", headers: ["Accept-Encoding: deflate"]))
            let deflated = try #require(client.readResponse())
            #expect(deflated.headers["content-encoding"] == "deflate")
            #expect(try Compression.decompress(deflated.body, as: .deflate, limit: 1 << 20) == json)

            client.send(get("/big"))
            let plain = try #require(client.readResponse())
            #expect(plain.headers["content-encoding"] == nil)
            #expect(plain.body == json)

            client.send(get("/healthz", headers: ["Accept-Encoding: gzip"]))
            #expect(client.readResponse()?.headers["content-encoding"] == nil)
        }
    }

    @Test func gzipRequestBodiesAreDecoded() throws {
        try withServer({ $0.maxBodyBytes = 64 * 1024 }) { server in
            let text = String(repeating: "{\"type\":\"box\"}", count: 100)
            let packed = try #require(Compression.compress(Array(text.utf8), as: .gzip))
            let client = try RawClient(port: server.port)
            client.send(Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Encoding: gzip\r\nContent-Length: \(packed.count)\r\n\r\n".utf8) + packed)
            #expect(client.readResponse()?.text == text)

            client.send(post("/echo", body: "not gzip", headers: ["Content-Encoding: gzip"]))
            #expect(client.readResponse()?.status == 400)
            client.send(post("/echo", body: "x", headers: ["Content-Encoding: br"]))
            #expect(client.readResponse()?.status == 415)

            let bomb = try #require(Compression.compress([UInt8](repeating: 32, count: 1 << 20), as: .gzip))
            client.send(Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Encoding: gzip\r\nContent-Length: \(bomb.count)\r\n\r\n".utf8) + bomb)
            #expect(client.readResponse()?.status == 413)
        }
    }
}
