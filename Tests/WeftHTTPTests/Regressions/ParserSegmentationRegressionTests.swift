import Testing
@testable import WeftHTTP

/// Found by Fuzz/HTTPParser (scripts/fuzz.sh http-parser): the parser must give
/// the same events however TCP cuts the bytes of a connection.
@Suite struct ParserSegmentationRegressionTests {
    private func events(_ pieces: [String]) -> [String] {
        var parser = RequestParser(maxHeaderBytes: 512, maxBodyBytes: 256)
        var out: [String] = []
        for piece in pieces {
            Array(piece.utf8).withUnsafeBytes { parser.append($0) }
            while let event = parser.next() {
                switch event {
                case .request(let request): out.append("request \(request.head.path)")
                case .failure(let error): out.append("failure \(error.status)")
                case .continueExpected: out.append("continue")
                }
            }
        }
        return out
    }

    /// Leading empty lines were skipped when they arrived whole but, when the CR
    /// came in one read and the LF in the next, were taken for an empty request
    /// line and answered 400 (fuzz input `\xff\r\n\r\n`, fed a byte at a time).
    @Test func leadingEmptyLinesSplitAcrossReadsAreIgnored() {
        #expect(events(["\r\n\r\n"]) == [])
        #expect(events(["\r", "\n", "\r", "\n"]) == [])
        #expect(events(["\r", "\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n"]) == ["request /a"])
    }

    /// A head over the limit that also held a bare LF past the limit was a 400
    /// when it arrived whole and a 431 when it came in small reads: the size was
    /// only checked after scanning everything buffered.
    /// (Its request line alone is over the limit: a 414 however it arrives.)
    @Test func anOversizedHeadIsRefusedAlikeHoweverItArrives() {
        let head = "GET /" + String(repeating: "a", count: 600) + "\n"
        #expect(events([head]) == ["failure 414"])
        #expect(events(head.map { String($0) }) == ["failure 414"])
        let headers = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 600) + "\n"
        #expect(events([headers]) == ["failure 431"])
        #expect(events(headers.map { String($0) }) == ["failure 431"])
    }
}
