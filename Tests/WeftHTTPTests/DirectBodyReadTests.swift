#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import WeftHTTP

/// A big fixed-length body is read straight into the request instead of
/// through the connection's read buffer; the request must be the same.
@Suite struct DirectBodyReadTests {
    /// Bytes that differ from position to position, so a misplaced read shows.
    static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    static func isNothing(_ event: ParserEvent?) -> Bool {
        if case .none = event { return true }
        return false
    }

    @Test func theParserTakesTheRestOfABodyFromDirectReads() {
        let body = Self.pattern(300_000)
        var parser = RequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1 << 20)
        let head = Array("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        // The first read brought the head and the start of the body, as a socket read would.
        (head + body[..<1000]).withUnsafeBytes { parser.append($0) }
        #expect(Self.isNothing(parser.next()), "no request before its body is in")
        #expect(parser.bodyBytesOwed == body.count - 1000)
        var offset = 1000
        // Short reads, a read with nothing to give, then reads as long as the room.
        let sizes = [7, 0, 65_536, 1, 200_000, 100_000]
        for size in sizes where parser.bodyBytesOwed > 0 {
            let result = parser.receiveBody(limit: 150_000) { room -> TransportResult in
                let n = min(size, room.count, body.count - offset)
                guard n > 0 else { return .wouldBlock(wantsWrite: false) }
                body.withUnsafeBytes { room.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
                offset += n
                return .transferred(n)
            }
            if case .transferred(let n) = result { #expect(n <= 150_000) }
        }
        #expect(parser.bodyBytesOwed == 0)
        guard case .request(let request)? = parser.next() else {
            Issue.record("the request did not come out once its body was in")
            return
        }
        #expect(request.body == body)
        #expect(request.wireBytes == head.count + body.count)
    }

    @Test func nothingIsOwedWhileBytesAreBufferedOrForSmallBodies() {
        var parser = RequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1 << 20)
        Array("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc".utf8).withUnsafeBytes { parser.append($0) }
        #expect(Self.isNothing(parser.next()), "no request before its body is in")
        // A body is owed, and the connection decides from its size whether to read it directly.
        #expect(parser.bodyBytesOwed == 7)
        var chunked = RequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1 << 20)
        Array("POST /x HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab".utf8).withUnsafeBytes { chunked.append($0) }
        #expect(Self.isNothing(chunked.next()), "no request before its body is in")
        #expect(chunked.bodyBytesOwed == 0)
    }

    /// Through a server: a 3 MB body, sent in uneven writes, comes back whole,
    /// and a request pipelined behind it is answered too.
    @Test func aBigBodyArrivesWholeThroughTheServer() throws {
        let body = Self.pattern(3_000_000)
        try withServer({ $0.maxBodyBytes = 8 << 20 }) { server in
            // Echoing 3 MB from a debug build takes seconds on a loaded machine:
            // the client's default 5 s wait is for small answers.
            let client = try RawClient(port: server.port, receiveTimeoutSeconds: 60)
            let head = Array("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            let wire = head + body + Array("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
            var offset = 0
            for step in [100, 70_000, 1, 900_000, 5] + Array(repeating: 500_000, count: 10) where offset < wire.count {
                let end = min(wire.count, offset + step)
                client.send(Array(wire[offset..<end]))
                offset = end
            }
            let echoed = try #require(client.readResponse())
            #expect(echoed.status == 200)
            #expect(echoed.body == body)
            #expect(client.readResponse()?.status == 200)
        }
    }
}
