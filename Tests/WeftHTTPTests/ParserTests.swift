import Testing
@testable import WeftHTTP

@Suite struct ParserTests {
    private func events(_ text: String, maxHeaderBytes: Int = 16384, maxBodyBytes: Int = 1024) -> [ParserEvent] {
        var parser = RequestParser(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
        Array(text.utf8).withUnsafeBytes { parser.append($0) }
        var events: [ParserEvent] = []
        while let event = parser.next() { events.append(event) }
        return events
    }

    private func failureStatus(_ text: String, maxHeaderBytes: Int = 16384) -> Int? {
        for event in events(text, maxHeaderBytes: maxHeaderBytes) {
            if case .failure(let error) = event { return error.status }
        }
        return nil
    }

    /// An encoded unreserved character is the character (RFC 3986 §2.3):
    /// routes match it decoded; other encodings keep the path's segments.
    @Test func pathsAreMatchedWithUnreservedCharactersDecoded() {
        func path(_ target: String) -> String? {
            requests("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n").first?.head.path
        }
        #expect(path("/%68ealthz") == "/healthz")
        #expect(path("/v1/l%61yout/node?x=%31") == "/v1/layout/node")
        #expect(path("/a%2Fb") == "/a%2Fb")
        #expect(path("/a%zz") == "/a%zz")
        #expect(path("/a%4") == "/a%4")
    }

    private func requests(_ text: String) -> [ParsedRequest] {
        events(text).compactMap { if case .request(let request) = $0 { request } else { nil } }
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let parsed = requests("GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b?q=1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(parsed.map(\.head.path) == ["/a", "/b", "/c"])
        #expect(parsed[1].head.query == "q=1")
        #expect(parsed[1].body == Array("abc".utf8))
    }

    /// Chunk extensions are read as RFC 9112 writes them; anything else is
    /// refused, as a stricter parser on the way would frame it otherwise.
    @Test func chunkExtensionsFollowTheirGrammar() {
        func body(_ ext: String) -> String {
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\(ext)\r\nabc\r\n0\r\n\r\n"
        }
        for ext in [";a", ";a=b", " ; a = b ;c", #";a="q \" \\ x""#, ";a=\"\"", ";a\t=\t1"] {
            #expect(failureStatus(body(ext)) == nil, "\(ext)")
        }
        // Whitespace after the size stands only before an extension (BWS), never alone.
        for ext in [";a\u{0}b", ";a\u{1}b", ";\u{7f}", ";\"open", ";a=\"unterminated", ";a=", "; ", ";=b", ";a b", "x",
                    " ", "\t", " \t"] {
            #expect(failureStatus(body(ext)) == 400, "\(ext)")
        }
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() {
        let parsed = requests("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\nA\r\n0123456789\r\n0\r\nTrailer: yes\r\n\r\n")
        #expect(parsed.count == 1)
        #expect(parsed.first?.body == Array("abc0123456789".utf8))
    }

    @Test func bodyArrivingInPiecesIsReassembled() {
        var parser = RequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024)
        let whole = Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8)
        var result: ParsedRequest?
        for byte in whole {
            [byte].withUnsafeBytes { parser.append($0) }
            while let event = parser.next() {
                if case .request(let request) = event { result = request }
            }
        }
        #expect(result?.body == Array("hello".utf8))
    }

    @Test func smugglingShapesAreRefused() {
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nX: a\r\n folded\r\n\r\n") == 400)
        #expect(failureStatus("GET / HTTP/1.1\nHost: x\n\n") == 400)
        #expect(failureStatus("GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n") == 400)
        #expect(failureStatus("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n") == 400)
    }

    @Test func identicalContentLengthsAreOneLength() {
        let parsed = requests("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok")
        #expect(parsed.first?.body == Array("ok".utf8))
    }

    @Test func malformedRequestLinesAreRefused() {
        #expect(failureStatus("GET  / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(failureStatus("GET /\r\nHost: x\r\n\r\n") == 400)
        #expect(failureStatus("G(T / HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(failureStatus("GET nopath HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(failureStatus("GET / HTTP/2.0\r\nHost: x\r\n\r\n") == 505)
        // HTTP/2's connection preface is a version, not a method, this port lacks.
        #expect(failureStatus("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") == 505)
        #expect(failureStatus("GET /healthz#part HTTP/1.1\r\nHost: x\r\n\r\n") == 400)
        #expect(failureStatus("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(failureStatus("GET / HTTP/1.1\r\nHost: x\r\nBad\u{01}: v\r\n\r\n") == 400)
        #expect(failureStatus("GET / HTTP/1.1\r\nHost: x\r\nName: v\u{7F}\r\n\r\n") == 400)
    }

    @Test func limitsGiveTheirStatuses() {
        let huge = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 2000) + "\r\n\r\n"
        #expect(failureStatus(huge, maxHeaderBytes: 1000) == 431)
        let unfinished = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 2000)
        #expect(failureStatus(unfinished, maxHeaderBytes: 1000) == 431)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n") == 413)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFF\r\n") == 413)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == 501)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n") == 417)
        #expect(failureStatus("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue, magic\r\n\r\n") == 417)
        // Empty list elements are ignored (RFC 9110 §5.6.1.2).
        for expect in ["100-continue,", ", 100-continue", "", " , "] {
            let text = "POST / HTTP/1.1\r\nHost: x\r\nExpect: \(expect)\r\nContent-Length: 2\r\n\r\nok"
            #expect(failureStatus(text) == nil, "\(expect)")
            #expect(requests(text).count == 1, "\(expect)")
        }
        // A request line alone over the limit is a 414, whole or still arriving.
        let longTarget = "GET /" + String(repeating: "a", count: 2000)
        #expect(failureStatus(longTarget + " HTTP/1.1\r\nHost: x\r\n\r\n", maxHeaderBytes: 1000) == 414)
        #expect(failureStatus(longTarget, maxHeaderBytes: 1000) == 414)
        // Every status the parser answers has a problem type of that status.
        for status in [400, 408, 413, 414, 417, 431, 501, 505] {
            #expect(ProblemType(status: status).status == status, "\(status)")
        }
    }

    @Test(arguments: ["a b", "[::1", "[::1]x", "x:notaport", "x:1:2", "caf\u{E9}", "a/b", "[]"])
    func anInvalidHostIsRefused(host: String) {
        #expect(failureStatus("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n") == 400)
    }

    @Test(arguments: ["", "localhost", "example.com:8080", "127.0.0.1", "[::1]", "[::1]:80", "x:99999", "a-b.c_d~e%41"])
    func aValidHostIsAccepted(host: String) {
        #expect(requests("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n").count == 1, "\(host)")
    }

    @Test func expectContinueIsAnnouncedBeforeTheBody() {
        let found = events("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
        guard case .continueExpected = found.first else {
            Issue.record("expected a 100-continue event, got \(found)")
            return
        }
        #expect(found.count == 1)
    }
}
