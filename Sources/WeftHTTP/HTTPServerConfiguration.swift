/// Everything `HTTPServer` needs to know before it listens. Defaults match `weft serve`.
public struct HTTPServerConfiguration: Sendable {
    /// The address to listen on, numeric or a name; `0.0.0.0` or `::` for every interface.
    public var host = "127.0.0.1"
    /// 0 asks the kernel for a free port; `HTTPServer.port` tells which one.
    public var port = 8080
    /// Threads that accept connections and do their I/O; at least one is used.
    /// Defaults to the core count.
    public var eventLoops = max(1, systemCoreCount())
    /// Threads that run handlers, so a slow layout never blocks I/O. Defaults to the core count.
    /// From four threads on, a quarter of them run only requests with bodies under
    /// 64 KiB, so that those never wait for a thread behind large ones.
    public var workers = max(1, systemCoreCount())
    /// Requests waiting for a worker beyond this many are refused with 503.
    public var queueDepth = 256
    /// Open connections at most; one more is answered 503 and closed. The server
    /// raises the process's descriptor limit to fit this many.
    public var maxConnections = 1024
    /// Largest request header section, in bytes; a larger one is answered 431.
    /// It also bounds each line of chunked framing.
    public var maxHeaderBytes = 16 * 1024
    /// Largest request body, in bytes (a chunked body is counted decoded); a larger one is answered 413.
    public var maxBodyBytes = 8 * 1024 * 1024
    /// Seconds a client has to send a whole request once it starts one (a TLS
    /// handshake included); past it the request is answered 408.
    public var readTimeoutSeconds = 10.0
    /// Seconds a keep-alive connection may sit with nothing to read, or an
    /// answer may wait on a client that stopped reading, before it is closed.
    public var idleTimeoutSeconds = 60.0
    /// Seconds `drain` lets in-flight requests finish before closing everything.
    public var drainTimeoutSeconds = 30.0
    /// Requests a client may have outstanding on one connection before the
    /// server stops reading from it, so pipelining cannot hoard memory.
    public var maxPipelinedRequests = 16
    /// When set, the server speaks TLS only, with these files.
    public var tls: TLSFiles?
    /// Origins allowed to call from a browser; "*" allows any; empty disables CORS.
    public var corsOrigins: [String] = []
    /// When set, every route that needs it (`Route.needsToken`) needs `Authorization: Bearer <token>`.
    public var authToken: String?
    /// Bodies shorter than this are sent uncompressed: gzip's framing outweighs the gain.
    public var compressionMinimumBytes = 1024
    /// The `Retry-After` value, in seconds, on the 503 answers sent when the
    /// worker queue or the connection limit is full.
    public var retryAfterSeconds = 1

    /// The defaults `weft serve` starts from.
    public init() {}
}

/// PEM files for the server's certificate chain and private key.
public struct TLSFiles: Sendable {
    /// Path of the PEM certificate chain, the server's certificate first.
    public var certificatePath: String
    /// Path of the PEM private key matching the certificate.
    public var privateKeyPath: String

    /// The certificate chain and key at these paths; they are read when the server starts.
    public init(certificatePath: String, privateKeyPath: String) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
    }

    /// Loads the pair as the server will, and says what is wrong with it: a
    /// configuration mistake found before any worker process starts.
    public func check() throws {
        _ = try TLSContext(files: self)
    }
}
