import Synchronization

/// Lets a handler send its body in pieces (HTTP/1.1 chunked transfer coding)
/// while it is still computing the rest: set `HTTPResponse.stream`, and the
/// server sends the head, then runs the stream on the worker thread; each
/// `write` goes out as one chunk as soon as the event loop gets to it.
public final class ResponseBodyWriter: Sendable {
    private let send: @Sendable ([UInt8]) -> Void
    private let liveness: ConnectionLiveness?
    private let written = Atomic<Int>(0)

    init(liveness: ConnectionLiveness?, send: @escaping @Sendable ([UInt8]) -> Void) {
        self.liveness = liveness
        self.send = send
    }

    /// Sends `bytes` as one chunk (an empty write sends nothing: an empty
    /// chunk would end the body). A client that only half-closed still gets
    /// it: the end of a body its departure cut short says so.
    public func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, !(liveness?.isClosed ?? false) else { return }
        written.add(bytes.count, ordering: .relaxed)
        send(bytes)
    }

    /// True once the client may be gone (its side closed, or the whole
    /// connection): the work left can stop.
    public var isClientGone: Bool { liveness?.isClientGone ?? false }

    /// Body bytes written so far (before chunk framing).
    public var bytesWritten: Int { written.load(ordering: .relaxed) }
}

/// Set by a connection's event loop when its client's side ends and when it
/// closes; read by any thread working on one of its requests, so that
/// abandoned work can stop.
public final class ConnectionLiveness: Sendable {
    private let clientGone = Atomic<Bool>(false)
    private let closed = Atomic<Bool>(false)

    /// Open.
    public init() {}

    /// Whether the client's side ended (TCP cannot tell a half-close from a
    /// client that left) or the connection closed: work can stop.
    public var isClientGone: Bool { clientGone.load(ordering: .acquiring) }
    /// Whether the connection closed: nothing more can be sent.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    func markClientGone() { clientGone.store(true, ordering: .releasing) }

    func markClosed() {
        clientGone.store(true, ordering: .releasing)
        closed.store(true, ordering: .releasing)
    }
}

/// Chunked transfer coding (RFC 9112 §7.1).
enum ChunkedEncoding {
    static func chunk(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array(String(bytes.count, radix: 16).utf8)
        out.reserveCapacity(out.count + bytes.count + 4)
        out.append(13)
        out.append(10)
        out.append(contentsOf: bytes)
        out.append(13)
        out.append(10)
        return out
    }

    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)
}
