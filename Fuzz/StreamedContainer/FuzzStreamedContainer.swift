// libFuzzer target: the streamed paths. The input is a container body sent with
// Accept: application/x-ndjson, so pagers, tables and collections answer as a
// chunked stream of records. Checks: well-formed chunking, every record a JSON
// line, a known status, no trap or 500, within the time budget.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreamedContainer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ServiceHarness.warmUp()
    let budget = FuzzBudget(bytes: size)
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    let raw = ServiceHarness.post("/v1/layout", body, headers: ["Accept: application/x-ndjson"])
    for answer in ServiceHarness.exchange(raw) {
        fuzzCheck([200, 400, 413, 422, 503].contains(answer.status), "status \(answer.status) for a streamed container")
    }
    budget.check("a streamed container")
    return 0
}
