/// Cross-origin access for browser clients, off unless origins are configured.
struct CORSPolicy: Sendable {
    let origins: [String]
    static let allowedRequestHeaders = "authorization, content-type, content-encoding, x-request-id"
    static let exposedHeaders = "x-request-id, retry-after"

    var isEnabled: Bool { !origins.isEmpty }

    /// The Access-Control-Allow-Origin value for `origin`, or nil when it may not call.
    func allowedOrigin(for origin: String?) -> String? {
        guard let origin, isEnabled else { return nil }
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }

    func isPreflight(_ request: HTTPRequest) -> Bool {
        isEnabled && request.method == "OPTIONS" && request.headers["origin"] != nil
            && request.headers["access-control-request-method"] != nil
    }

    func preflightResponse(_ request: HTTPRequest, allowedMethods: [String]) -> HTTPResponse {
        var response = HTTPResponse(status: 204)
        guard let allowed = allowedOrigin(for: request.headers["origin"]) else { return response }
        response.headers.add("access-control-allow-origin", allowed)
        response.headers.add("access-control-allow-methods", allowedMethods.joined(separator: ", "))
        let requested = request.headers["access-control-request-headers"]
        response.headers.add("access-control-allow-headers", requested ?? Self.allowedRequestHeaders)
        response.headers.add("access-control-max-age", "600")
        if allowed != "*" { response.headers.add("vary", "origin") }
        return response
    }

    func decorate(_ response: inout HTTPResponse, origin: String?) {
        guard let allowed = allowedOrigin(for: origin) else { return }
        response.headers.add("access-control-allow-origin", allowed)
        response.headers.add("access-control-expose-headers", Self.exposedHeaders)
        if allowed != "*" { response.headers.add("vary", "origin") }
    }
}
