/// What a service endpoint answers, independent of the transport.
public struct ServiceResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, contentType: String, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }
}
