import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `weft probe URL`: a health check for images without curl. Exits 0 when the
/// URL answers 200 within the timeout.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Exit 0 if http://HOST:PORT/PATH answers 200 (for health checks).")

    @Argument(help: "An http:// URL, e.g. http://127.0.0.1:8080/healthz") var url: String
    @Option(help: "Seconds to wait for the answer.") var timeout = 2

    func run() throws {
        guard let target = ProbeTarget(url) else { throw ValidationError("expected http://HOST:PORT/PATH") }
        let status = try target.fetchStatus(timeoutSeconds: timeout)
        if status != 200 { throw ExitCode(1) }
    }
}

struct ProbeTarget {
    let host: String
    let port: UInt16
    let path: String

    init?(_ url: String) {
        guard url.hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        path = rest.count > authority.count ? String(rest.dropFirst(authority.count)) : "/"
        let parts = authority.split(separator: ":", maxSplits: 1)
        guard let h = parts.first else { return nil }
        host = String(h)
        if parts.count == 2 {
            guard let p = UInt16(parts[1]) else { return nil }
            port = p
        } else {
            port = 80
        }
    }

    /// A minimal HTTP/1.1 GET over a blocking socket: the status code only.
    func fetchStatus(timeoutSeconds: Int) throws -> Int {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let info = result else { throw ExitCode(1) }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw ExitCode(1) }
        defer { close(fd) }
        var tv = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { throw ExitCode(1) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { throw ExitCode(1) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n >= 12 else { throw ExitCode(1) }
        // "HTTP/1.1 200 ..."
        let line = String(decoding: buffer[0..<n], as: UTF8.self)
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, let code = Int(fields[1]) else { throw ExitCode(1) }
        return code
    }
}
