// libFuzzer target: the container decoder, through POST /v1/layout as sent
// (ServiceHarness). The input is the body. Checks: a known status, JSON answers,
// no trap or 500, within the time budget.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContainerRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ServiceHarness.warmUp()
    let budget = FuzzBudget(bytes: size)
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    for answer in ServiceHarness.exchange(ServiceHarness.post("/v1/layout", body)) {
        fuzzCheck([200, 400, 413, 422, 503].contains(answer.status), "status \(answer.status) for a container")
    }
    budget.check("a container request")
    return 0
}
