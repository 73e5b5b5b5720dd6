// libFuzzer target: the values of the headers the service interprets itself
// (Accept-Encoding, Content-Encoding, Origin, Authorization, If-None-Match),
// each taken from one line of the input, on a request the first byte picks.
// Through the parser, CORS, auth, body decoding, the route and compression
// (ServiceHarness): no trap, no 500, well-framed answers whose compressed bodies
// decompress, within the time budget.

private let names = ["Accept-Encoding", "Content-Encoding", "Origin", "Authorization", "If-None-Match"]
private let smallNode = Array(#"{"sizeRange":{"max":{"width":100,"height":100}},"root":{"type":"box","style":{"preferredSize":{"width":10,"height":10}}}}"#.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaderValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    ServiceHarness.warmUp()
    let budget = FuzzBudget(bytes: size)
    let route = input.byte()
    // A header value is whatever the parser lets through; it refuses the rest.
    var lines: [String] = []
    for name in names {
        let value = input.field().filter { $0 != 0x0D }
        lines.append(name + ": " + String(decoding: value, as: UTF8.self))
    }
    let head: String
    var body: [UInt8] = []
    switch route % 5 {
    case 0: head = "GET /openapi.yaml HTTP/1.1"  // large and compressible
    case 1: head = "GET /v1/fonts HTTP/1.1"
    case 2: head = "OPTIONS /v1/layout/node HTTP/1.1\r\nAccess-Control-Request-Method: POST"
    case 3: head = "GET / HTTP/1.1"
    default:
        head = "POST /v1/layout/node HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(smallNode.count)"
        body = smallNode
    }
    let raw = Array((([head, "Host: weft"] + lines).joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    for answer in ServiceHarness.exchange(raw) {
        fuzzCheck([200, 204, 304, 400, 401, 403, 404, 405, 406, 413, 415, 422, 431].contains(answer.status),
                  "status \(answer.status) for header values")
    }
    budget.check("header values")
    return 0
}
