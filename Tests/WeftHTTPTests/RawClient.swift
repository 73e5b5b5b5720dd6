#if canImport(Glibc)
import Glibc
#endif
import WeftHTTP

/// A response as the test client read it off the wire.
struct WireResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// The chunks of a chunked body, as framed on the wire.
    var chunks: [[UInt8]] = []

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking socket client that sends exactly the bytes a test gives it,
/// so malformed and hostile requests can be tried against the real server.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, receiveTimeoutSeconds: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(fd)
            throw TestFailure("connect to \(port) failed: errno \(errno)")
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) { Self.send(bytes, to: fd) }

    /// Blocks until all of `bytes` are written; usable from another thread while this one reads.
    static func send(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Reads one response; nil when the server closed (or the timeout passed) first.
    func readResponse(forHEAD: Bool = false) -> WireResponse? {
        guard let headEnd = fill(until: { $0.firstRange(of: [13, 10, 13, 10]).map(\.upperBound) }) else { return nil }
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
        var lines = headText.split(separator: "\r\n").map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters())
        }
        buffer.removeFirst(headEnd)
        if headers["transfer-encoding"] == "chunked" && !forHEAD {
            return readChunks().map { WireResponse(status: status, headers: headers, body: Array($0.joined()), chunks: $0) }
        }
        var length = Int(headers["content-length"] ?? "0") ?? 0
        if forHEAD || status < 200 || status == 204 { length = 0 }
        guard fill(until: { $0.count >= length ? length : nil }) != nil else { return nil }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return WireResponse(status: status, headers: headers, body: body)
    }

    /// A chunked body up to its last chunk (RFC 9112 §7.1; no extensions or trailers expected).
    private func readChunks() -> [[UInt8]]? {
        var chunks: [[UInt8]] = []
        for _ in 0..<1_000_000 {
            guard let lineEnd = fill(until: { $0.firstRange(of: [13, 10]).map(\.upperBound) }) else { return nil }
            guard let size = Int(String(decoding: buffer[..<(lineEnd - 2)], as: UTF8.self), radix: 16) else { return nil }
            buffer.removeFirst(lineEnd)
            guard fill(until: { $0.count >= size + 2 ? size + 2 : nil }) != nil else { return nil }
            if size == 0 {
                buffer.removeFirst(2)
                return chunks
            }
            chunks.append(Array(buffer[..<size]))
            buffer.removeFirst(size + 2)
        }
        return nil
    }

    /// True when the server has closed its side: a read sees EOF (or a reset).
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        if !buffer.isEmpty { return false }
        let count = recv(fd, &byte, 1, 0)
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    private func fill(until done: ([UInt8]) -> Int?) -> Int? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let result = done(buffer) { return result }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension String {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// Simple requests, with the Host header HTTP/1.1 requires.
func get(_ path: String, headers: [String] = []) -> String {
    "GET \(path) HTTP/1.1\r\nHost: test\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n"
}

func post(_ path: String, body: String, headers: [String] = []) -> String {
    "POST \(path) HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.utf8.count)\r\n"
        + headers.map { $0 + "\r\n" }.joined() + "\r\n" + body
}
