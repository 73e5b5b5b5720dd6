#if canImport(Glibc)
import Glibc
#endif
import CWeftTLS

enum TransportResult {
    case transferred(Int)
    case wouldBlock(wantsWrite: Bool)
    case closed
}

/// The bytes of one connection, in the clear or through TLS.
protocol Transport: AnyObject {
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult
    /// True when bytes are buffered above the socket, which epoll cannot see.
    var hasBufferedInput: Bool { get }
    /// False until the connection can carry HTTP (a TLS handshake has finished).
    var isEstablished: Bool { get }
    func close()
}

final class PlainTransport: Transport {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        if count > 0 { return .transferred(count) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .wouldBlock(wantsWrite: false) }
        return .closed
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        let count = send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        if count >= 0 { return .transferred(count) }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wouldBlock(wantsWrite: true) }
        return .closed
    }

    var hasBufferedInput: Bool { false }

    var isEstablished: Bool { true }

    func close() { _ = Glibc.close(fd) }
}

final class TLSTransport: Transport {
    let fd: Int32
    private let session: UnsafeMutableRawPointer

    init?(context: TLSContext, fd: Int32) {
        guard let session = weft_tls_session_create(context.handle, fd) else { return nil }
        self.fd = fd
        self.session = session
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        classify(weft_tls_read(session, buffer.baseAddress, Int32(buffer.count)))
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        classify(weft_tls_write(session, bytes.baseAddress, Int32(bytes.count)))
    }

    var hasBufferedInput: Bool { weft_tls_pending(session) > 0 }

    var isEstablished: Bool { weft_tls_handshake_done(session) == 1 }

    func close() {
        weft_tls_session_free(session)
        _ = Glibc.close(fd)
    }

    private func classify(_ result: Int32) -> TransportResult {
        switch result {
        case let count where count > 0: .transferred(Int(count))
        case WEFT_TLS_WANT_READ: .wouldBlock(wantsWrite: false)
        case WEFT_TLS_WANT_WRITE: .wouldBlock(wantsWrite: true)
        default: .closed
        }
    }
}

/// The server's certificate and key, loaded once and shared by every connection.
final class TLSContext: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer

    init(files: TLSFiles) throws {
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = weft_tls_context_create(files.certificatePath, files.privateKeyPath, &message, message.count) else {
            throw HTTPServerError(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                      as: UTF8.self))
        }
        self.handle = handle
    }

    deinit { weft_tls_context_free(handle) }
}
