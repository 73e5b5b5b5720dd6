/// What the server reports about each request, for metrics.
public struct RequestRecord: Sendable {
    /// The matched route's path, or "unmatched", so labels stay bounded whatever clients send.
    public var route: String
    public var method: String
    public var status: Int
    public var durationSeconds: Double
    public var requestBytes: Int
    public var responseBytes: Int
}

public protocol HTTPServerObserver: Sendable {
    func requestStarted()
    func requestFinished(_ record: RequestRecord)
}
