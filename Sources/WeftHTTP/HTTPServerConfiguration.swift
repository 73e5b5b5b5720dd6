/// Everything `HTTPServer` needs to know before it listens. Defaults match `weft serve`.
public struct HTTPServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 asks the kernel for a free port; `HTTPServer.port` tells which one.
    public var port = 8080
    public var eventLoops = max(1, systemCoreCount())
    public var workers = max(1, systemCoreCount())
    /// Requests waiting for a worker beyond this many are refused with 503.
    public var queueDepth = 256
    public var maxConnections = 1024
    public var maxHeaderBytes = 16 * 1024
    public var maxBodyBytes = 8 * 1024 * 1024
    public var readTimeoutSeconds = 10.0
    public var idleTimeoutSeconds = 60.0
    public var drainTimeoutSeconds = 30.0
    /// Requests a client may have outstanding on one connection before the
    /// server stops reading from it, so pipelining cannot hoard memory.
    public var maxPipelinedRequests = 16
    public var tls: TLSFiles?
    /// Origins allowed to call from a browser; "*" allows any; empty disables CORS.
    public var corsOrigins: [String] = []
    /// When set, every route not listed in `publicPaths` needs `Authorization: Bearer <token>`.
    public var authToken: String?
    public var publicPaths: Set<String> = ["/healthz", "/readyz"]
    /// Bodies shorter than this are sent uncompressed: gzip's framing outweighs the gain.
    public var compressionMinimumBytes = 1024
    public var retryAfterSeconds = 1

    public init() {}
}

/// PEM files for the server's certificate chain and private key.
public struct TLSFiles: Sendable {
    public var certificatePath: String
    public var privateKeyPath: String

    public init(certificatePath: String, privateKeyPath: String) {
        self.certificatePath = certificatePath
        self.privateKeyPath = privateKeyPath
    }
}
