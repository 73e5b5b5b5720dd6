/// One complete request as a handler sees it: the body is fully read and
/// already decoded from any Content-Encoding.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The request target's path, undecoded, as routes are matched literally.
    public var path: String
    /// What follows "?" in the target, without it; empty when absent.
    public var query: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var requestID = ""
    /// True once the server has begun draining, so readiness can say so.
    public var serverIsDraining = false
    /// Turns closed when the client's connection goes away, so a long handler
    /// can drop work nobody will read. Nil for requests made outside a server.
    public var connection: ConnectionLiveness?

    public init(method: String, path: String, query: String = "", version: HTTPVersion = .http11,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The body's media type from Content-Type, lowercased and without parameters ("application/json").
    public var mediaType: String? {
        guard let contentType = headers["content-type"] else { return nil }
        let type = contentType.utf8.firstIndex(of: UInt8(ascii: ";")).map { contentType[..<$0] } ?? contentType[...]
        return trimmedWhitespace(type).lowercased()
    }

    /// The value of `name` in an application/x-www-form-urlencoded query, undecoded.
    public func queryValue(_ name: String) -> String? {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }
}

public struct HTTPVersion: Sendable, Equatable {
    public var major: Int
    public var minor: Int

    public static let http10 = HTTPVersion(major: 1, minor: 0)
    public static let http11 = HTTPVersion(major: 1, minor: 1)
}
