/// One complete request as a handler sees it: the body is fully read and
/// already decoded from any Content-Encoding.
public struct HTTPRequest: Sendable {
    /// The request method, as sent (methods are case-sensitive).
    public var method: String
    /// The request target's path, undecoded, as routes are matched literally.
    public var path: String
    /// What follows "?" in the target, without it; empty when absent.
    public var query: String
    /// The HTTP version of the request line.
    public var version: HTTPVersion
    /// The header fields.
    public var headers: HTTPHeaders
    /// The whole body, decoded from any Content-Encoding.
    public var body: [UInt8]
    /// The request's id (the client's `X-Request-Id`, or one the server made), echoed in the answer and the log.
    public var requestID = ""
    /// True once the server has begun draining, so readiness can say so.
    public var serverIsDraining = false
    /// True while the server refuses heavy requests for want of room in its
    /// queue, so readiness can say so.
    public var serverIsOverloaded = false
    /// Turns closed when the client's connection goes away, so a long handler
    /// can drop work nobody will read. Nil for requests made outside a server.
    public var connection: ConnectionLiveness?

    /// A request, for handlers called outside a server (tests, tools).
    public init(method: String, path: String, query: String = "", version: HTTPVersion = .http11,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The body's media type from the Content-Type of `headers`, lowercased
    /// and without parameters ("application/json").
    static func mediaType(of headers: HTTPHeaders) -> String? {
        guard let contentType = headers["content-type"] else { return nil }
        let type = contentType.utf8.firstIndex(of: UInt8(ascii: ";")).map { contentType[..<$0] } ?? contentType[...]
        return trimmedWhitespace(type).lowercased()
    }

    /// The `charset` parameter of the Content-Type of `headers`, lowercased
    /// and unquoted; nil when it has none.
    static func charset(of headers: HTTPHeaders) -> String? {
        guard let contentType = headers["content-type"] else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, trimmedWhitespace(pair[0]).lowercased() == "charset" else { continue }
            var value = trimmedWhitespace(pair[1])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.lowercased()
        }
        return nil
    }

    /// The value of `name` in an application/x-www-form-urlencoded query, undecoded.
    public func queryValue(_ name: String) -> String? {
        queryValues(name).first
    }

    /// Every value the query gives `name`, in order (empty when it gives
    /// none); names and values are compared and given percent-decoded.
    public func queryValues(_ name: String) -> [String] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard PercentDecoding.queryComponent(parts[0]) == name else { return nil }
            return parts.count > 1 ? PercentDecoding.queryComponent(parts[1]) : ""
        }
    }
}

/// An HTTP version from a request line.
public struct HTTPVersion: Sendable, Equatable {
    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// HTTP/1.0.
    public static let http10 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1.
    public static let http11 = HTTPVersion(major: 1, minor: 1)
}
