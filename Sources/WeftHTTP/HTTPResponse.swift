/// What a handler answers. The server adds framing headers (Content-Length,
/// Date, Connection) itself, so handlers cannot get framing wrong.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers besides the framing ones.
    public var headers: HTTPHeaders
    /// The body, unless `stream` is set.
    public var body: [UInt8]
    /// When set, `body` is ignored: the body is whatever the stream writes,
    /// sent chunked as it is written (collected into one body for HTTP/1.0
    /// clients and HEAD requests, which cannot take a chunked answer).
    public var stream: (@Sendable (ResponseBodyWriter) -> Void)?

    /// An answer with the given headers and body.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An answer with a Content-Type and body.
    public init(status: Int, contentType: String, body: [UInt8]) {
        var headers = HTTPHeaders()
        headers.add("content-type", contentType)
        self.init(status: status, headers: headers, body: body)
    }
}
