// libFuzzer target for WeftHTTP's RequestParser. The parser is internal to
// WeftHTTP, and a fuzz build must not widen the server's public API, so this
// imports the fuzz-instrumented module scripts/fuzz.sh builds with -enable-testing.
//
// Besides "no crash", it checks a differential property: the bytes of one
// connection give the same events whether they arrive at once or cut into
// pieces, since the server sees whatever cuts TCP makes.
@testable import WeftHTTP

/// One event reduced to what a client could observe, so two runs compare.
/// A plain value rather than a string: building strings halved the executions per second.
private struct Observed: Equatable {
    var kind: UInt8  // 0 continue, 1 request, 2 failure
    var status = 0
    var method = ""
    var path = ""
    var query = ""
    var version = 0
    var headers: [String] = []
    var body: [UInt8] = []
    var wireBytes = 0

    init(_ event: ParserEvent) {
        switch event {
        case .continueExpected:
            kind = 0
        case .request(let request):
            kind = 1
            method = request.head.method
            path = request.head.path
            query = request.head.query
            version = request.head.version.major * 10 + request.head.version.minor
            headers = request.head.headers.flatMap { [$0.name, $0.value] }
            body = request.body
            wireBytes = request.wireBytes
        case .failure(let error):
            kind = 2
            status = error.status
        }
    }
}

/// Feeds `pieces` one after another, draining events after each, and returns
/// every event. Bounded: a parser that kept returning events would be a bug.
private func run(_ pieces: [ArraySlice<UInt8>], maxHeaderBytes: Int, maxBodyBytes: Int) -> [Observed] {
    var parser = RequestParser(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    var events: [Observed] = []
    for piece in pieces {
        Array(piece).withUnsafeBytes { parser.append($0) }
        var guardCount = 0
        while let event = parser.next() {
            if case .request(let request) = event {
                fuzzCheck(request.body.count <= maxBodyBytes, "body over the limit was accepted")
            }
            events.append(Observed(event))
            guardCount += 1
            fuzzCheck(guardCount <= 100_000, "parser returned events without consuming input")
            if case .failure = event { break }
        }
        if parser.hasFailed { break }
    }
    return events
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    // The first byte chooses where the stream is cut; the rest is the stream.
    let step = Int(data[0]) % 17 + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // Small limits so the fuzzer reaches 413 and 431 with short inputs.
    let maxHeaderBytes = 512, maxBodyBytes = 256
    let whole = run([bytes[...]], maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    var pieces: [ArraySlice<UInt8>] = []
    var index = 0
    while index < bytes.count {
        pieces.append(bytes[index..<min(index + step, bytes.count)])
        index += step
    }
    let cut = run(pieces, maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    // Cutting may only change *when* a 100-continue is offered, never the requests or errors.
    let wholeRequests = whole.filter { $0.kind != 0 }
    let cutRequests = cut.filter { $0.kind != 0 }
    fuzzCheck(wholeRequests == cutRequests, "events differ when the bytes arrive in pieces: \(wholeRequests) vs \(cutRequests)")
    return 0
}
