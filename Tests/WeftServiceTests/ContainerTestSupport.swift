#if canImport(Glibc)
import Glibc
#endif
import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// Decodes a container request body.
func decodeContainer(_ text: String) throws(RequestError) -> DecodedContainerRequest {
    try JSONReader.read(Array(text.utf8)) { (r: inout JSONReader) throws(RequestError) in
        let decoded = try ContainerRequestDecoder.decode(&r)
        try r.finish()
        return decoded
    }
}

/// The error a container body gives while decoding, or nil.
func containerDecodeError(_ text: String) -> RequestError? {
    do {
        _ = try decodeContainer(text)
        return nil
    } catch {
        return error
    }
}

/// A fresh engine: `workers` threads, `cacheMB` of cache (0: off);
/// `pipelined`: every streamed table is laid out while it is read, however short.
func makeEngine(workers: Int = 1, cacheMB: Int = 0, pipelined: Bool = false) -> ContainerEngine {
    ContainerEngine(
        workers: workers, cacheBytes: cacheMB << 20, textMeasurer: nil,
        pipelineMinimumBytes: pipelined ? 0 : ContainerEngine.defaultPipelineMinimumBytes)
}

/// The engine's answer: status and parsed body.
func respond(_ engine: ContainerEngine, _ text: String) throws -> (status: Int, body: JSONValue, bytes: [UInt8]) {
    let response = engine.respond(body: Array(text.utf8))
    return (response.status, try JSONValue.parse(response.body), response.body)
}

/// A cell whose node is a box of a fixed height.
func boxCell(_ id: String, height: Double, extra: String = "") -> String {
    #"{"id": "\#(id)", "node": {"type": "box", "style": {"height": \#(height)}}\#(extra)}"#
}

/// The response body without its trailing `stats`, which says how it was served.
func withoutStats(_ bytes: [UInt8]) -> [UInt8] {
    let marker = Array(#","stats":"#.utf8)
    guard bytes.count > marker.count else { return bytes }
    for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
    where bytes[start..<start + marker.count].elementsEqual(marker) {
        return Array(bytes[..<start])
    }
    return bytes
}

/// A feed like `bench/feed.py`'s: `cells` posts of about ten
/// elements each, the body's height varying with the index.
func feedBody(
    cells: Int, type: String = "table", offsetY: Double = 0, offsetX: Double = 0, changedCell: Int? = nil,
    extraContainer: String = ""
) -> String {
    var items: [String] = []
    items.reserveCapacity(cells)
    for i in 0..<cells {
        // The changed cell gets half a point more, which no other cell has.
        let body = Double(40 + (37 * i) % 80) + (i == changedCell ? 0.5 : 0)
        let icons = (0..<3).map { #"{"type":"box","id":"icon\#($0)","style":{"preferredSize":{"width":24,"height":24}}}"# }
            .joined(separator: ",")
        items.append(#"""
            {"id":"post-\#(i)","node":{"type":"inset","insets":{"top":12,"left":12,"bottom":12,"right":12},"child":{"type":"stack","direction":"horizontal","spacing":10,"alignItems":"start","children":[{"type":"box","id":"avatar","style":{"preferredSize":{"width":44,"height":44}}},{"type":"stack","direction":"vertical","spacing":4,"style":{"flexGrow":1,"flexShrink":1},"children":[{"type":"box","id":"title","style":{"height":20,"width":"60%"}},{"type":"box","id":"body","style":{"height":\#(body)}},{"type":"stack","direction":"horizontal","spacing":16,"children":[\#(icons)]}]}]}}}
            """#)
    }
    return #"{"container":{"type":"\#(type)","bounds":{"width":375,"height":667},"contentOffset":{"x":\#(offsetX),"y":\#(offsetY)}\#(extraContainer)},"pointScale":2,"items":["#
        + items.joined(separator: ",") + "]}"
}

/// The NDJSON records a stream writes, parsed; `pipelined` says whether the
/// engine must have laid the cells out while reading (nil: either).
func streamRecords(_ engine: ContainerEngine, _ body: String, pipelined: Bool? = nil) throws -> [JSONValue] {
    guard case .ready(let plan) = engine.beginStream(Array(body.utf8)) else {
        Issue.record("the request was refused")
        return []
    }
    if let pipelined {
        if case .pipelined = plan { #expect(pipelined) } else { #expect(!pipelined) }
    }
    let lines = LinesBox()
    engine.stream(plan) { bytes in lines.append(bytes) }
    return try lines.all().map { line throws in try JSONValue.parse(line) }
}

/// Collects written lines from any thread.
final class LinesBox: @unchecked Sendable {
    private var lines: [[UInt8]] = []
    private let lock = NSLockLike()
    func append(_ bytes: [UInt8]) {
        lock.with { 
            #expect(bytes.last == UInt8(ascii: "\n"))
            lines.append(Array(bytes.dropLast()))
        }
    }
    func all() -> [[UInt8]] { lock.with { lines } }
}

/// A tiny lock over pthread, so the test needs no Foundation.
final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func with<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
