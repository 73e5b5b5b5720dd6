// libFuzzer target: the placement and hints math, where every Double becomes an
// Int somewhere (pages, visible ranges, rows, flow lines, batch fetching). The
// input picks a container type and fills every number of a small container with
// doubles that are often extreme (1e300, 1e-300, -0, the largest finite, values
// past Int.max, or JSON exponents that overflow), then lays it out both whole and
// streamed. Checks: a known status, no trap or 500, well-formed answers, within
// the time budget.

private let types = ["pager", "table", "collection"]
private let rangeModes = ["minimum", "full", "visibleOnly", "lowMemory"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlacementMath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    ServiceHarness.warmUp()
    let budget = FuzzBudget(bytes: size)
    let choice = Int(input.byte())
    let n = { (input: inout FuzzInput) in ServiceHarness.number(input.double()) }
    let type = types[choice % types.count]
    var container = #""type":"\#(type)","bounds":{"width":\#(n(&input)),"height":\#(n(&input))}"#
        + #","contentOffset":{"x":\#(n(&input)),"y":\#(n(&input))}"#
    if choice & 4 != 0 {
        container += #","contentInset":{"top":\#(n(&input)),"left":\#(n(&input)),"bottom":\#(n(&input)),"right":\#(n(&input))}"#
    }
    if choice & 8 != 0 {
        container += #","rangeMode":"\#(rangeModes[(choice >> 4) % rangeModes.count])""#
            + #","rangeTuning":{"display":{"leadingBufferScreenfuls":\#(n(&input)),"trailingBufferScreenfuls":\#(n(&input))}}"#
            + #","leadingScreensForBatching":\#(n(&input))"#
    }
    if type == "collection", choice & 16 != 0 {
        container += #","flow":{"itemSpacing":\#(n(&input)),"lineSpacing":\#(n(&input)),"#
            + #""sectionInset":{"top":\#(n(&input)),"left":\#(n(&input)),"bottom":\#(n(&input)),"right":\#(n(&input))}}"#
    }
    if type == "pager", choice & 32 != 0 {
        container += #","currentPage":\#(n(&input))"#
    }
    let cellCount = 1 + Int(input.byte() % 6)
    let cells = (0..<cellCount).map { index in
        #"{"id":"c\#(index)","node":{"type":"box","style":{"preferredSize":{"width":\#(n(&input)),"height":\#(n(&input))}}}}"#
    }
    let body = Array(#"{"container":{\#(container)},"pointScale":\#(n(&input)),"items":[\#(cells.joined(separator: ","))]}"#.utf8)
    var answerBytes = 0
    for headers in [[], ["Accept: application/x-ndjson"]] {
        for answer in ServiceHarness.exchange(ServiceHarness.post("/v1/layout", body, headers: headers)) {
            fuzzCheck([200, 400, 413, 422, 503].contains(answer.status),
                      "status \(answer.status) for \(String(decoding: body, as: UTF8.self))")
            answerBytes += answer.body.count
        }
    }
    budget.check(answerBytes: answerBytes, "placement of \(String(decoding: body, as: UTF8.self))")
    return 0
}
