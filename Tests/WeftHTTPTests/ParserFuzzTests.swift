import Testing
@testable import WeftHTTP

/// Mangled requests, fed in random slices: the parser must end each in a
/// request or a refusal with a 4xx/5xx status, never trap or loop.
@Suite struct ParserFuzzTests {
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    static let seeds = [
        "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n",
        "POST /v1/layout/node?flatten=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
    ].map { Array($0.utf8) }

    @Test func mangledRequestsEndInARequestOrARefusal() {
        var random = SeededGenerator(state: 0x5eed)
        let interesting: [UInt8] = [0, 9, 10, 13, 32, 58, 59, 44, 0x7F, 0xFF, UInt8(ascii: "0"), UInt8(ascii: "f")]
        for _ in 0..<3000 {
            var bytes = Self.seeds.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = interesting.randomElement(using: &random)!
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: bytes.remove(at: index)
                }
                if bytes.isEmpty { bytes = [13] }
            }
            var parser = RequestParser(maxHeaderBytes: 256, maxBodyBytes: 64)
            var offset = 0
            var refused = false
            var steps = 0
            while offset < bytes.count && !refused {
                let end = min(bytes.count, offset + Int.random(in: 1...16, using: &random))
                Array(bytes[offset..<end]).withUnsafeBytes { parser.append($0) }
                offset = end
                while let event = parser.next() {
                    steps += 1
                    if case .failure(let error) = event {
                        #expect((400...505).contains(error.status))
                        refused = true
                        break
                    }
                    #expect(steps < 100)
                    if steps >= 100 { return }
                }
            }
        }
    }
}
