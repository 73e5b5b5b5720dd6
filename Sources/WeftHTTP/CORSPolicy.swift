/// Cross-origin access for browser clients, off unless origins are configured.
public struct CORSPolicy: Sendable {
    let origins: [String]
    static let allowedRequestHeaders = "authorization, content-type, content-encoding, if-none-match, x-request-id"
    static let exposedHeaders = "etag, x-request-id, retry-after"

    var isEnabled: Bool { !origins.isEmpty }

    /// Why a configured origin could never equal the `Origin` a browser sends
    /// (RFC 6454 §6.2: `scheme://host[:port]`, scheme and host in lower case,
    /// no path, no default port), with the origin it was probably meant to be; nil for one that
    /// can match, `*` included. Origins are compared exactly.
    public static func mismatch(_ origin: String) -> String? {
        if origin == "*" || origin == "null" { return nil }
        if origin.contains(",") {
            return "one origin each: repeat --cors-origin, or separate them with commas in WEFT_CORS_ORIGIN"
        }
        guard let separator = origin.firstRange(of: "://"), separator.lowerBound > origin.startIndex else {
            return "an origin is scheme://host[:port], such as https://app.example"
        }
        let authority = origin[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return "the host is missing" }
        let scheme = origin[..<separator.lowerBound].lowercased()
        var meant = scheme + "://" + authority.lowercased()
        // Browsers leave a scheme's default port out of the origin they send.
        for (name, port) in [("http", ":80"), ("https", ":443")] where scheme == name && meant.hasSuffix(port) {
            meant.removeLast(port.count)
        }
        if meant != origin {
            return "browsers send an origin with no path, no default port and in lower case: \(meant)"
        }
        return nil
    }

    /// The Access-Control-Allow-Origin value for `origin`, or nil when it may not call.
    func allowedOrigin(for origin: String?) -> String? {
        guard let origin, isEnabled else { return nil }
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    func isPreflight(_ request: HTTPRequest) -> Bool {
        isEnabled && request.method == "OPTIONS" && request.headers.origin != nil
            && request.headers["access-control-request-method"] != nil
    }

    /// The preflight's own headers. The origin and `Vary` are added by
    /// `decorate`, which every response passes through once.
    func preflightResponse(_ request: HTTPRequest, allowedMethods: [String]) -> HTTPResponse {
        var response = HTTPResponse(status: 204)
        guard allowedOrigin(for: request.headers.origin) != nil else { return response }
        response.headers.add("access-control-allow-methods", allowedMethods.joined(separator: ", "))
        // Every line of the list, as one list (RFC 9110 §5.3).
        let requested = request.headers.values("access-control-request-headers")
        response.headers.add(
            "access-control-allow-headers", requested.isEmpty ? Self.allowedRequestHeaders : requested.joined(separator: ", "))
        response.headers.add("access-control-max-age", "600")
        return response
    }

    /// Sets the CORS headers of an answer to `origin`, each exactly once: browsers
    /// refuse an `Access-Control-Allow-Origin` that carries two values.
    /// With a list of origins the answer depends on the request's `Origin`, allowed
    /// or not, so caches are told so on every answer.
    func decorate(_ response: inout HTTPResponse, origin: String?) {
        guard isEnabled else { return }
        if !origins.contains("*") { response.headers.addVary("origin") }
        guard let allowed = allowedOrigin(for: origin) else { return }
        response.headers.set("access-control-allow-origin", allowed)
        response.headers.set("access-control-expose-headers", Self.exposedHeaders)
    }
}
