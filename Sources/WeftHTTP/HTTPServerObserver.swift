/// What the server reports about each request, for metrics.
public struct RequestRecord: Sendable {
    /// The matched route's path, or "unmatched", so labels stay bounded whatever clients send.
    public var route: String
    /// The request method.
    public var method: String
    /// The answer's status code.
    public var status: Int
    /// From when the request was read to when its answer was ready to send.
    public var durationSeconds: Double
    /// Bytes the request took on the wire.
    public var requestBytes: Int
    /// Bytes written, framing included.
    public var responseBytes: Int
}

/// Told of every request's start and end, on the server's threads: keep it cheap and thread-safe.
public protocol HTTPServerObserver: Sendable {
    func requestStarted()
    func requestFinished(_ record: RequestRecord)
}
