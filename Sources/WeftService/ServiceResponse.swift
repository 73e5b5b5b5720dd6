/// What a service endpoint answers, independent of the transport.
public struct ServiceResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body's media type.
    public var contentType: String
    /// Headers besides the content type.
    public var headers: [(name: String, value: String)]
    /// The whole body.
    public var body: [UInt8]

    /// An answer.
    public init(status: Int, contentType: String, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }
}
