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

    /// `http://HOST[:PORT][/PATH]` or `https://…`, the scheme in any case (RFC 3986
    /// §3.1), HOST a name, an IPv4 address or a bracketed IPv6 one (`[::1]`).
    init?(_ url: String) {
        let lowered = url.lowercased()
        if lowered.hasPrefix("https://") {
            secure = true
        } else if lowered.hasPrefix("http://") {
            secure = false
        } else {
            return nil
        }
        let rest = url.drop { $0 != "/" }.dropFirst(2)
        let authority = rest.prefix { $0 != "/" }
        path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = String(parts[0])
            portText = parts.count == 2 ? parts[1] : nil
        }
        guard !host.isEmpty else { return nil }
        if let portText {
            guard let p = UInt16(portText) else { return nil }
            port = p
        } else {
            port = secure ? 443 : 80
        }
    }

    /// The host as the Host header and messages give it: an IPv6 address in brackets.
    var authority: String { urlHost(host) + ":\(port)" }

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
            throw ProbeFailure("cannot connect to \(authority): \(String(cString: strerror(errno)))")
        }
        let transport = try ProbeTransport(fd: fd, secure: secure, host: host)
        defer { transport.close() }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n\r\n".utf8)
        guard transport.send(request) else { throw ProbeFailure("could not send the request") }
        // "HTTP/1.1 200 ...": the status line's first bytes are enough. The
        // answer as a whole gets the timeout, not each read: a server that
        // trickles a byte at a time does not hold the probe longer.
        let clock = ContinuousClock()
        let answerBy = clock.now + .seconds(timeoutSeconds)
        var received: [UInt8] = []
        while received.count < 12 {
            let left = clock.now.duration(to: answerBy).components
            guard left.seconds > 0 || (left.seconds == 0 && left.attoseconds > 0) else { break }
            var wait = timeval(tv_sec: Int(left.seconds), tv_usec: max(1, Int(left.attoseconds / 1_000_000_000_000)))
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let chunk = transport.receive(64)
            if chunk.isEmpty { break }
            received += chunk
        }
        guard received.count >= 12 else { throw ProbeFailure("no HTTP answer within \(timeoutSeconds) s") }
        let fields = String(decoding: received, as: UTF8.self).split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("HTTP/1."), let code = Int(fields[1]) else {
            throw ProbeFailure("the answer is not HTTP/1.x")
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
