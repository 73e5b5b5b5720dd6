import Testing
import WeftCells
import WeftLayout

@testable import WeftService

@Suite struct ContainerRobustnessTests {
    /// Every truncation of a valid body is refused as a problem, never a crash or a 200.
    @Test func truncatedBodiesAreProblems() {
        let body = Array(feedBody(cells: 3, type: "collection").utf8)
        let engine = makeEngine(workers: 2, cacheMB: 1)
        #expect(engine.respond(body: body).status == 200)
        for length in stride(from: 0, to: body.count, by: 7) {
            let status = engine.respond(body: Array(body[..<length])).status
            #expect(status == 400 || status == 422, "length \(length)")
        }
    }

    /// Bytes changed one at a time (deterministically) never crash the engine,
    /// and the cache never turns a refused body into an answer.
    @Test func alteredBytesNeverCrashOrLeakThroughTheCache() {
        let body = Array(feedBody(cells: 4).utf8)
        let cached = makeEngine(workers: 2, cacheMB: 1)
        let fresh = makeEngine(workers: 1)
        _ = cached.respond(body: body)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<300 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            var altered = body
            let at = Int(state % UInt64(body.count))
            altered[at] = [UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "1"), 0xFF, UInt8(ascii: ",")][Int(state >> 40) % 5]
            let a = cached.respond(body: altered)
            let b = fresh.respond(body: altered)
            #expect(a.status == b.status, "byte \(at)")
            if a.status == 200 {
                #expect(withoutStats(a.body) == withoutStats(b.body), "byte \(at)")
            }
        }
    }
}
