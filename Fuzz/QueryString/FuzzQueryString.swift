// libFuzzer target: the query string of every route. The first byte picks the
// route; the rest of the input is the query, as far as a request line can carry
// it. Checks: no trap, no 500, well-framed answers, and a known status, within
// the time budget.

private let smallNode = Array(#"{"sizeRange":{"max":{"width":100,"height":100}},"root":{"type":"box","style":{"preferredSize":{"width":10,"height":10}}}}"#.utf8)
private let smallContainer = Array(#"{"container":{"type":"table","bounds":{"width":320,"height":480}},"items":[{"id":"a","node":{"type":"box","style":{"preferredSize":{"width":10,"height":30}}}}]}"#.utf8)
private let routes: [(method: String, path: String, body: [UInt8])] = [
    ("POST", "/v1/layout/node", smallNode), ("POST", "/v1/layout", smallContainer), ("GET", "/v1/fonts", []),
    ("GET", "/healthz", []), ("GET", "/readyz", []), ("GET", "/openapi.yaml", []), ("GET", "/metrics", []),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryString(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    ServiceHarness.warmUp()
    let budget = FuzzBudget(bytes: size)
    let route = routes[Int(input.byte()) % routes.count]
    // A request target is visible ASCII; the parser refuses anything else, so keep to it.
    let query = String(decoding: input.remaining.filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
    let head = ["\(route.method) \(route.path)?\(query) HTTP/1.1", "Host: weft", "Authorization: Bearer \(ServiceHarness.token)",
                "Content-Type: application/json", "Content-Length: \(route.body.count)"].joined(separator: "\r\n")
    for answer in ServiceHarness.exchange(Array((head + "\r\n\r\n").utf8) + route.body) {
        fuzzCheck([200, 400, 404, 413, 414, 422, 431].contains(answer.status), "status \(answer.status) for a query")
    }
    budget.check("a query string")
    return 0
}
