import Testing
@testable import WeftHTTP

@Suite struct EntityTagTests {
    private static let node = #"{"root":{"type":"box","style":{"width":40,"height":30}}}"#
    private static let json = "Content-Type: application/json"

    private func tag(of response: WireResponse?) throws -> String {
        let value = try #require(response?.headers["etag"])
        #expect(value.hasPrefix("\"") && value.hasSuffix("\"") && value.count == 24, "\(value)")
        return value
    }

    @Test func jsonAnswersCarryAValidatorOfTheirBody() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node", body: Self.node, headers: [Self.json]))
            let first = try #require(client.readResponse())
            #expect(first.status == 200)
            let tag = try tag(of: first)
            client.send(post("/v1/layout/node", body: Self.node, headers: [Self.json]))
            #expect(try self.tag(of: client.readResponse()) == tag, "the same body has the same tag")
            let wider = #"{"root":{"type":"box","style":{"width":41,"height":30}}}"#
            client.send(post("/v1/layout/node", body: wider, headers: [Self.json]))
            #expect(try self.tag(of: client.readResponse()) != tag, "another body has another tag")
        }
    }

    @Test func aMatchingIfNoneMatchGetsA304WithoutBody() throws {
        try withServer({ $0.corsOrigins = ["https://app.example"] }) { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node", body: Self.node, headers: [Self.json]))
            let full = try #require(client.readResponse())
            let tag = try tag(of: full)
            for condition in [tag, "*", #""nope", \#(tag)"#, "W/\(tag)", #""a""# + "," + tag] {
                client.send(post("/v1/layout/node", body: Self.node,
                                 headers: [Self.json, "If-None-Match: \(condition)", "Origin: https://app.example"]))
                let revalidated = try #require(client.readResponse())
                #expect(revalidated.status == 304, "If-None-Match: \(condition)")
                #expect(revalidated.body.isEmpty)
                #expect(revalidated.headers["content-length"] == nil)
                #expect(revalidated.headers["content-type"] == nil)
                #expect(revalidated.headers["etag"] == tag)
                #expect(revalidated.headers["access-control-allow-origin"] == "https://app.example")
                #expect(revalidated.headers.values("vary").count == 1)
            }
            // The connection is still in step: a 304 wrote no body the client did not expect.
            client.send(post("/v1/layout/node", body: Self.node, headers: [Self.json, #"If-None-Match: "other""#]))
            let changed = try #require(client.readResponse())
            #expect(changed.status == 200)
            #expect(changed.body == full.body)
        }
    }

    @Test func aContainerAnswerVariesWithAccept() throws {
        let table = #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"items":[{"id":"a","node":{"type":"box"}}]}"#
        try withServer { server in
            let client = try RawClient(port: server.port)
            for (accept, type) in [
                (nil, "application/json"), ("application/x-ndjson", "application/x-ndjson"),
                ("application/json, application/x-ndjson;q=0.5", "application/json"),
            ] as [(String?, String)] {
                client.send(post("/v1/layout", body: table, headers: [Self.json] + (accept.map { ["Accept: \($0)"] } ?? [])))
                let answer = try #require(client.readResponse())
                #expect(answer.status == 200)
                #expect(answer.headers["content-type"] == type, "Accept: \(accept ?? "none")")
                #expect(answer.headers.listElements("vary").contains("accept"), "Accept: \(accept ?? "none")")
                #expect(answer.headers.values("vary").count == 1)
            }
        }
    }

    @Test func ifNoneMatchOnSeveralLinesIsOneList() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node", body: Self.node, headers: [Self.json]))
            let tag = try tag(of: client.readResponse())
            client.send(post("/v1/layout/node", body: Self.node,
                             headers: [Self.json, #"If-None-Match: "x""#, "If-None-Match: \(tag)"]))
            #expect(client.readResponse()?.status == 304)
        }
    }

    @Test func aCompressedAnswerIsAnotherRepresentationOfTheSameTag() throws {
        try withServer({ $0.compressionMinimumBytes = 100 }) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/big"))
            let plain = try tag(of: client.readResponse())
            client.send(get("/big", headers: ["Accept-Encoding: gzip"]))
            let compressed = try #require(client.readResponse())
            #expect(compressed.headers["content-encoding"] == "gzip")
            let gzipTag = try #require(compressed.headers["etag"])
            #expect(gzipTag == String(plain.dropLast()) + "-gzip\"")
            // Either tag revalidates either representation (If-None-Match compares weakly).
            client.send(get("/big", headers: ["If-None-Match: \(gzipTag)"]))
            let identity = try #require(client.readResponse())
            #expect(identity.status == 304)
            #expect(identity.headers["etag"] == plain)
            client.send(get("/big", headers: ["If-None-Match: \(plain)", "Accept-Encoding: gzip"]))
            let coded = try #require(client.readResponse())
            #expect(coded.status == 304)
            #expect(coded.headers["etag"] == gzipTag)
            #expect(coded.headers["vary"] == "accept-encoding")
        }
    }

    @Test func problemsAndStreamsCarryNoTag() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            client.send(post("/v1/layout/node", body: "{", headers: [Self.json]))
            let problem = try #require(client.readResponse())
            #expect(problem.status == 400)
            #expect(problem.headers["etag"] == nil)
            let cells = (0..<3).map { #"{"id":"c\#($0)","node":{"type":"box","style":{"height":10}}}"# }
            let container = #"{"container":{"type":"table","bounds":{"width":320,"height":100}},"items":["#
                + cells.joined(separator: ",") + "]}"
            client.send(post("/v1/layout", body: container, headers: [Self.json, "Accept: application/x-ndjson"]))
            let stream = try #require(client.readResponse())
            #expect(stream.headers["content-type"] == "application/x-ndjson")
            #expect(stream.headers["etag"] == nil)
            client.send(post("/v1/layout", body: container, headers: [Self.json]))
            #expect(client.readResponse()?.headers["etag"] != nil)
        }
    }

    /// The documents the server serves revalidate as JSON answers do: a page
    /// reloading the client module gets a 304, `*` included (RFC 9110 §13.1.2).
    @Test func servedDocumentsCarryATagAndRevalidate() throws {
        try withServer { server in
            let client = try RawClient(port: server.port)
            for path in ["/weft-client.js", "/weft-client.d.ts", "/", "/openapi.yaml"] {
                client.send(get(path))
                let first = try #require(client.readResponse())
                #expect(first.status == 200)
                let tag = try #require(first.headers["etag"], "\(path)")
                for condition in [tag, "*"] {
                    client.send(get(path, headers: ["If-None-Match: \(condition)"]))
                    let again = try #require(client.readResponse())
                    #expect(again.status == 304, "\(path) \(condition)")
                    #expect(again.body.isEmpty)
                }
            }
        }
    }

    @Test func matchingIsWeakAndListAware() {
        let tag = "\"abc\""
        #expect(EntityTag.matches(ifNoneMatch: "*", tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: " \"x\" ,W/\"abc\"", tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: "\"abc-gzip\"", tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: "\"abcd\"", tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: "abc", tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: "", tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: "\"unterminated", tag: tag))
    }
}
