// libFuzzer target: gzip and deflate request bodies. The first byte picks the
// coding and the route, the rest is the body as sent. Checks: decompression
// never exceeds its limit, the service answers a corrupt or oversized body with
// a problem (never a trap or a 500), and compressing then decompressing the
// input gives it back; all within the time budget.
@testable import WeftHTTP

private let codings = ["gzip", "deflate", "x-gzip", "gzip, identity"]
private let paths = ["/v1/layout/node", "/v1/layout"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompressedBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    ServiceHarness.warmUp()
    let budget = FuzzBudget(bytes: size)
    let choice = Int(input.byte())
    let body = Array(input.remaining)

    for coding in [ContentCoding.gzip, .deflate] {
        let limit = 64 * 1024
        do throws(CompressionError) {
            let plain = try Compression.decompress(body, as: coding, limit: limit)
            fuzzCheck(plain.count <= limit, "\(coding) decompressed \(plain.count) bytes past a \(limit)-byte limit")
        } catch {}
        if let packed = Compression.compress(body, as: coding) {
            let again = try? Compression.decompress(packed, as: coding, limit: body.count + 1)
            fuzzCheck(again == body, "a \(coding) round trip changed \(body.count) bytes")
        }
    }

    let raw = ServiceHarness.post(paths[(choice >> 2) % paths.count], body,
                                  headers: ["Content-Encoding: \(codings[choice % codings.count])"])
    for answer in ServiceHarness.exchange(raw) {
        fuzzCheck([200, 400, 413, 415, 422].contains(answer.status), "status \(answer.status) for a compressed body")
    }
    budget.check("a compressed body")
    return 0
}
