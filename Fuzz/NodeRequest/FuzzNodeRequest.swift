// libFuzzer target for `POST /v1/layout/node` minus the socket: JSON reading,
// decoding and validation into the element model, layout, and encoding.
// Linked against the fuzz-instrumented WeftService module (scripts/fuzz.sh).
import WeftJSON
@testable import WeftService

/// The same reader as the endpoint's, reading any JSON into a tree: what the
/// endpoint calls malformed must be exactly what this refuses.
private func isJSON(_ bytes: [UInt8]) -> Bool {
    (try? JSONValue.parse(bytes, maxDepth: DecodeLimits.standard.maxJSONDepth)) != nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNodeRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let response = LayoutNodeEndpoint.respond(body: body, flatten: size % 2 == 0, textMeasurer: nil)
    fuzzCheck([200, 400, 422].contains(response.status), "status \(response.status) for a node request")
    // Every answer, success or problem, is itself well-formed JSON.
    fuzzCheck(isJSON(response.body), "answer with status \(response.status) is not JSON")
    // 400 means "not JSON" (or nested too deep), and nothing else does.
    let wellFormed = isJSON(body)
    fuzzCheck(wellFormed == (response.status != 400), "status \(response.status) but body well-formed: \(wellFormed)")
    return 0
}
