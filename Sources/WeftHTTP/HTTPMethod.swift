/// The request methods RFC 9110 §9 and RFC 5789 define, and QUERY (the safe
/// method with a body that OpenAPI 3.2 names): a route answers these 405 when it
/// lacks them. Any other method is answered 501 (RFC 9110 §9.1) before routing,
/// so neither its length nor its spelling reaches logs and metrics unbounded.
public enum HTTPMethod {
    /// The known methods, spelled as they are on the wire (method names are case-sensitive).
    public static let standard: [String] = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY",
    ]

    static func isStandard(_ bytes: ArraySlice<UInt8>) -> Bool {
        standard.contains { bytes.elementsEqual($0.utf8) }
    }

    /// A metrics label from a fixed set: the method itself when it is standard.
    public static func label(_ method: String) -> String {
        standard.contains(method) ? method : "other"
    }
}
