import Testing
import WeftJSON
import WeftLayout

@testable import WeftService

/// Parses `text` as a generic JSON value.
func parseJSON(_ text: String) throws(RequestError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
}

/// The error a body gives, or nil when it parses.
func parseError(_ text: String, maxDepth: Int = JSONReader.defaultMaxDepth) -> RequestError? {
    do {
        _ = try JSONValue.parse(Array(text.utf8), maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

/// Decodes a node request.
func decodeNode(_ text: String, limits: DecodeLimits = .standard) throws(RequestError) -> NodeRequest {
    try NodeRequest.decode(Array(text.utf8), limits: limits)
}

/// The error a node request gives, or nil when it decodes.
func nodeError(_ text: String, limits: DecodeLimits = .standard) -> RequestError? {
    do {
        _ = try decodeNode(text, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// A request whose root is `element` (a JSON object literal).
func rootRequest(_ element: String) -> String {
    #"{"root": \#(element)}"#
}

/// Decodes a request with `element` as the root and returns the root.
func decodeRoot(_ element: String) throws(RequestError) -> Element {
    try decodeNode(rootRequest(element)).root
}
