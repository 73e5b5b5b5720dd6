#if canImport(Glibc)
import Glibc
#endif

/// A server that could not start: a system call (socket, bind, listen, epoll)
/// failed, the TLS files would not load, or the server was started twice.
public struct HTTPServerError: Error, CustomStringConvertible {
    /// What failed, with the system's reason where there is one.
    public var description: String

    static func system(_ what: String) -> HTTPServerError {
        HTTPServerError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// A bound, listening, non-blocking TCP socket.
///
/// It is bound once: without SO_REUSEPORT, so a second server on a taken port
/// fails with EADDRINUSE instead of quietly splitting connections with the first.
/// Event loops share it, and worker processes inherit it (`init(inherited:)`).
public struct ListeningSocket: Sendable {
    /// The socket's file descriptor.
    public let fd: Int32
    /// The port actually bound, which differs from the one asked for when that was 0.
    public let port: Int

    /// Binds `host:port` (the first address `host` resolves to) and listens with
    /// room for `backlog` connections not yet accepted.
    public static func bind(host: String, port: Int, backlog: Int32 = 1024) throws -> ListeningSocket {
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
        // SO_REUSEADDR only lets a restart bind past connections in TIME_WAIT; it
        // never lets two listeners share a port on Linux.
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard Glibc.bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let error = HTTPServerError.system("cannot bind \(host):\(port)")
            close(fd)
            throw error
        }
        guard listen(fd, backlog) == 0 else {
            let error = HTTPServerError.system("listen")
            close(fd)
            throw error
        }
        return ListeningSocket(fd: fd, port: try boundPort(fd))
    }

    /// A socket another process bound and listens on, passed down as `fd`.
    public init(inherited fd: Int32) throws {
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening != 0 else {
            throw HTTPServerError(description: "descriptor \(fd) is not a listening socket")
        }
        Self.makeNonBlocking(fd)
        self.init(fd: fd, port: try Self.boundPort(fd))
    }

    private init(fd: Int32, port: Int) {
        self.fd = fd
        self.port = port
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
