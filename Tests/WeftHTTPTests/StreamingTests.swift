#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WeftHTTP
import WeftSync
import WeftService

@Suite struct StreamingTests {
    /// A route that writes `n` parts, pausing between them until the test has seen the previous one.
    private static func streamingRouter(gate: StreamGate) -> Router {
        var router = Router()
        router.add("GET", "/stream") { request in
            let parts = Int(request.queryValue("n") ?? "3") ?? 3
            var response = HTTPResponse(status: 200, contentType: "text/plain", body: [])
            response.stream = { writer in
                for i in 0..<parts {
                    writer.write(Array("part \(i)\n".utf8))
                    gate.waitForRelease(i)
                }
            }
            return response
        }
        router.add("GET", "/plain") { _ in HTTPResponse(status: 200, contentType: "text/plain", body: Array("plain".utf8)) }
        return router
    }

    @Test func aStreamIsSentChunkedPartByPart() throws {
        let gate = StreamGate()
        try withServer(router: Self.streamingRouter(gate: gate)) { server in
            let client = try RawClient(port: server.port)
            // The first part must arrive while the handler is still blocked before its second part.
            client.send(get("/stream?n=3"))
            let reader = RawClient.Prefix(client)
            let first = try #require(reader.readUntil("part 0\n"))
            #expect(first.contains("transfer-encoding: chunked"))
            #expect(!first.contains("content-length"))
            gate.release(upTo: 3)
            let rest = try #require(reader.readUntil("0\r\n\r\n"))
            #expect(rest.contains("part 2\n"))
            // The connection stays usable: the next response follows the stream.
            client.send(get("/plain"))
            #expect(client.readResponse()?.text == "plain")
        }
    }

    @Test func aChunkedResponseParsesToItsParts() throws {
        let gate = StreamGate()
        gate.release(upTo: 10)
        try withServer(router: Self.streamingRouter(gate: gate)) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/stream?n=4"))
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.chunks.count == 4)
            #expect(response.text == "part 0\npart 1\npart 2\npart 3\n")
        }
    }

    @Test func http10GetsTheStreamCollected() throws {
        let gate = StreamGate()
        gate.release(upTo: 10)
        try withServer(router: Self.streamingRouter(gate: gate)) { server in
            let client = try RawClient(port: server.port)
            client.send("GET /stream?n=2 HTTP/1.0\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.headers["content-length"] == "14")
            #expect(response.text == "part 0\npart 1\n")
            // Still a stream: no validator, as over HTTP/1.1.
            #expect(response.headers["etag"] == nil)
        }
    }

    @Test func aStreamBehindAnEarlierResponseWaitsForIt() {
        var queue = ResponseQueue()
        let first = queue.reserve()
        let streamed = queue.reserve()
        var output: [UInt8] = []
        queue.appendPartial(streamed, bytes: [7])
        let closed = queue.takeReady(into: &output)
        #expect(!closed)
        #expect(output.isEmpty)
        queue.complete(first, bytes: [1], closeAfter: false)
        _ = queue.takeReady(into: &output)
        #expect(output == [1, 7])
        queue.appendPartial(streamed, bytes: [8])
        queue.complete(streamed, bytes: [9], closeAfter: false)
        output = []
        _ = queue.takeReady(into: &output)
        #expect(output == [8, 9])
        #expect(queue.isEmpty)
    }

    @Test func theHandlerLearnsThatTheClientLeft() throws {
        let gate = StreamGate()
        let sawGone = Protected(false)
        var router = Router()
        router.add("GET", "/long") { request in
            var response = HTTPResponse(status: 200, contentType: "text/plain", body: [])
            response.stream = { writer in
                writer.write(Array("first\n".utf8))
                // A closed socket shows when a write to it fails, so keep writing
                // (as a stream of cells does); bounded: at most 5 s.
                for _ in 0..<500 where !writer.isClientGone {
                    writer.write(Array("more\n".utf8))
                    usleep(10_000)
                }
                sawGone.withLock { $0 = writer.isClientGone && (request.connection?.isClientGone ?? false) }
                gate.release(upTo: 1)
            }
            return response
        }
        try withServer(router: router) { server in
            do {
                let client = try RawClient(port: server.port)
                client.send(get("/long"))
                _ = RawClient.Prefix(client).readUntil("first\n")
            }
            gate.waitForRelease(0)
            #expect(sawGone.withLock { $0 })
        }
    }
}

extension StreamingTests {
    /// A client that half-closes mid-stream is taken as gone (work may stop),
    /// but what the handler still writes reaches it: a stream cut short can
    /// say so in its last part before the body ends.
    @Test func aHalfClosedClientGetsTheStreamsLastWords() throws {
        var router = Router()
        router.add("GET", "/long") { request in
            var response = HTTPResponse(status: 200, contentType: "text/plain", body: [])
            response.stream = { writer in
                writer.write(Array("first\n".utf8))
                for _ in 0..<500 where !writer.isClientGone { usleep(10_000) }
                writer.write(Array(writer.isClientGone ? "stopped\n".utf8 : "timed out\n".utf8))
            }
            return response
        }
        try withServer(router: router) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/long"))
            let reader = RawClient.Prefix(client)
            _ = try #require(reader.readUntil("first\n"))
            client.shutdownWrite()
            let rest = try #require(reader.readUntil("0\r\n\r\n"))
            #expect(rest.contains("stopped\n"))
            #expect(client.isClosedByServer())
        }
    }
}

/// Lets a test hold a streaming handler between its parts.
final class StreamGate: @unchecked Sendable {
    private let released = Protected(0)

    func release(upTo count: Int) { released.withLock { $0 = max($0, count) } }

    /// Waits (at most 5 s) until part `i` may go on.
    func waitForRelease(_ i: Int) {
        for _ in 0..<500 {
            if released.withLock({ $0 > i }) { return }
            usleep(10_000)
        }
    }
}

extension RawClient {
    /// Reads raw bytes until `marker` has arrived, returning everything read.
    struct Prefix {
        let client: RawClient
        init(_ client: RawClient) { self.client = client }

        func readUntil(_ marker: String) -> String? {
            var seen: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            let needle = Array(marker.utf8)
            for _ in 0..<10_000 {
                if seen.firstRange(of: needle) != nil { return String(decoding: seen, as: UTF8.self) }
                let count = recv(client.fd, &chunk, chunk.count, 0)
                if count <= 0 { return nil }
                seen.append(contentsOf: chunk[0..<count])
            }
            return nil
        }
    }
}

@Suite struct ContainerRouteTests {
    private static let body = #"{"container":{"type":"table","bounds":{"width":320,"height":100}},"items":["#
        + (0..<30).map { #"{"id":"c\#($0)","node":{"type":"box","style":{"height":\#(10 + $0)}}}"# }.joined(separator: ",")
        + "]}"

    @Test func ndjsonIsStreamedRecordByRecord() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout", body: Self.body, headers: ["Content-Type: application/json", "Accept: application/x-ndjson"]))
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/x-ndjson")
            let lines = response.text.split(separator: "\n")
            #expect(lines.count == 32)
            #expect(lines.first?.hasPrefix(#"{"record":"start""#) == true)
            #expect(lines.last?.hasPrefix(#"{"record":"end""#) == true)
            // One record per chunk: the start record went out on its own.
            #expect(response.chunks.first.map { String(decoding: $0, as: UTF8.self) } == String(lines[0]) + "\n")
        }
    }

    @Test func withoutTheAcceptHeaderTheAnswerIsOneDocument() throws {
        let metrics = ServiceMetrics()
        try withServer(router: testRouter(metrics: metrics)) { server in
            let client = try RawClient(port: server.port)
            for _ in 0..<2 {
                client.send(post("/v1/layout", body: Self.body, headers: ["Content-Type: application/json"]))
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.headers["content-length"] != nil)
                #expect(response.text.hasPrefix(#"{"contentSize":"#))
            }
            // The second request was served from the cell cache, and /metrics says so.
            client.send(get("/metrics"))
            let metricsText = try #require(client.readResponse()).text
            #expect(metricsText.contains("weft_layout_cache_hits_total 30"))
        }
    }

    @Test func aRequestOutOfTimeHasItsCellsDropped() throws {
        let engine = ContainerEngine(workers: 2, cacheBytes: 0, textMeasurer: nil, timeoutSeconds: 0)
        try withServer(router: ServiceRoutes.makeRouter(engine: engine)) { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout", body: Self.body, headers: ["Content-Type: application/json"]))
            // Out of the server's time for one request, with the client still there.
            #expect(client.readResponse()?.status == 503)
            // A stream whose body is read whole runs out of time before its
            // first record: the same problem, not a 200.
            client.send(post("/v1/layout", body: Self.body, headers: ["Content-Type: application/json", "Accept: application/x-ndjson"]))
            let streamed = try #require(client.readResponse())
            #expect(streamed.status == 503)
            #expect(streamed.headers["content-type"] == "application/problem+json")
        }
    }

    @Test func aBadRequestIsAProblemEvenWhenStreamingWasAsked() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout", body: #"{"container":{"type":"table","bounds":{"width":0,"height":1}}}"#,
                             headers: ["Content-Type: application/json", "Accept: application/x-ndjson"]))
            let response = try #require(client.readResponse())
            #expect(response.status == 422)
            #expect(response.headers["content-type"] == "application/problem+json")
        }
    }
}
