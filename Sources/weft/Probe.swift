import ArgumentParser
import CWeftTLS
#if canImport(Glibc)
import Glibc
#endif

/// `weft probe URL`: a health check for images without curl. Exits 0 when the
/// URL answers 200 within the timeout; otherwise 1, with the reason on stderr
/// (a container runtime keeps it in its health log).
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Exit 0 if http://HOST:PORT/PATH (or https://) answers 200 (for health checks).",
        discussion: "https:// does not check the certificate: the probe asks its own server.")

    @Argument(help: "An http:// or https:// URL, e.g. http://127.0.0.1:8080/healthz") var url: String
    @Option(parsing: .unconditional, help: "Seconds to wait for each step (connect, send, answer), 1 to 3600.") var timeout = 2

    func validate() throws {
        guard (1...3600).contains(timeout) else { throw ValidationError("--timeout must be from 1 to 3600, got \(timeout)") }
    }

    func run() throws {
        guard let target = ProbeTarget(url) else { throw ValidationError("expected http://HOST:PORT/PATH or https://HOST:PORT/PATH") }
        do {
            let status = try target.fetchStatus(timeoutSeconds: timeout)
            if status != 200 { throw ProbeFailure("\(url) answered \(status)") }
        } catch let failure as ProbeFailure {
            StandardError.write("weft probe: \(failure.reason)\n")
            throw ExitCode(1)
        }
    }
}

/// Why a probe failed, for stderr.
struct ProbeFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
}

struct ProbeTarget {
    let secure: Bool
    let host: String
    let port: UInt16
    let path: String

    init?(_ url: String) {
        if url.hasPrefix("https://") {
            secure = true
        } else if url.hasPrefix("http://") {
            secure = false
        } else {
            return nil
        }
        let rest = url.drop { $0 != "/" }.dropFirst(2)
        let authority = rest.prefix { $0 != "/" }
        path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
        let parts = authority.split(separator: ":", maxSplits: 1)
        guard let h = parts.first else { return nil }
        host = String(h)
        if parts.count == 2 {
            guard let p = UInt16(parts[1]) else { return nil }
            port = p
        } else {
            port = secure ? 443 : 80
        }
    }

    /// A minimal HTTP/1.1 GET over a blocking socket: the status code only.
    func fetchStatus(timeoutSeconds: Int) throws -> Int {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let info = result else {
            throw ProbeFailure("cannot resolve \(host)")
        }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw ProbeFailure("no socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var tv = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            throw ProbeFailure("cannot connect to \(host):\(port): \(String(cString: strerror(errno)))")
        }
        let transport = try ProbeTransport(fd: fd, secure: secure, host: host)
        defer { transport.close() }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard transport.send(request) else { throw ProbeFailure("could not send the request") }
        // "HTTP/1.1 200 ...": the status line's first bytes are enough.
        var received: [UInt8] = []
        while received.count < 12 {
            let chunk = transport.receive(64)
            if chunk.isEmpty { break }
            received += chunk
        }
        let fields = String(decoding: received, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard received.count >= 12, fields.count >= 2, fields[0].hasPrefix("HTTP/1."), let code = Int(fields[1]) else {
            throw ProbeFailure("no HTTP answer within \(timeoutSeconds) s")
        }
        return code
    }
}

/// The probe's socket, plain or through TLS.
private struct ProbeTransport {
    let fd: Int32
    let session: UnsafeMutableRawPointer?

    init(fd: Int32, secure: Bool, host: String) throws {
        self.fd = fd
        guard secure else {
            session = nil
            return
        }
        guard let session = weft_tls_client_create(fd, host) else { throw ProbeFailure("the TLS handshake failed") }
        self.session = session
    }

    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            if let session { return weft_tls_write(session, buffer.baseAddress, Int32(buffer.count)) == Int32(buffer.count) }
            return Glibc.send(fd, buffer.baseAddress, buffer.count, 0) == buffer.count
        }
    }

    /// Up to `count` bytes; none at the end of the stream, on a timeout or an error.
    func receive(_ count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { raw in
            if let session { return Int(weft_tls_read(session, raw.baseAddress, Int32(count))) }
            return recv(fd, raw.baseAddress, count, 0)
        }
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    func close() {
        if let session { weft_tls_client_free(session) }
    }
}
