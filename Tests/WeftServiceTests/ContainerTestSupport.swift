import Testing
import WeftCells
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

/// A fresh engine: `workers` threads, `cacheMB` of cache (0: off).
func makeEngine(workers: Int = 1, cacheMB: Int = 0) -> ContainerEngine {
    ContainerEngine(workers: workers, cacheBytes: cacheMB << 20, textMeasurer: nil)
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
