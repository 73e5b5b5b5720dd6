#if canImport(Glibc)
import Glibc
#endif

public struct HTTPServerError: Error, CustomStringConvertible {
    public var description: String

    static func system(_ what: String) -> HTTPServerError {
        HTTPServerError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// Opens non-blocking listening sockets. Each event loop gets its own socket on
/// the same port (SO_REUSEPORT), so the kernel spreads connections across loops
/// without a shared accept lock.
enum ListeningSocket {
    static func open(host: String, port: Int, backlog: Int32 = 1024) throws -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw HTTPServerError(description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(results) }
        let fd = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                        | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError.system("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let error = HTTPServerError.system("cannot bind \(host):\(port)")
            close(fd)
            throw error
        }
        guard listen(fd, backlog) == 0 else {
            let error = HTTPServerError.system("listen")
            close(fd)
            throw error
        }
        return (fd, try boundPort(fd))
    }

    static func boundPort(_ fd: Int32) throws -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw HTTPServerError.system("getsockname") }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        default:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        }
    }

    /// Non-blocking and close-on-exec, which accept4 and pipe2 would set if Glibc's module exposed them.
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    static func accept(_ listener: Int32) -> Int32 {
        let fd = Glibc.accept(listener, nil, nil)
        if fd >= 0 {
            makeNonBlocking(fd)
            // Responses are written whole; waiting for Nagle only adds latency.
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        return fd
    }
}
