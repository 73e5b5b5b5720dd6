/// Where a handler runs.
public enum HandlerExecution: Sendable {
    /// On the connection's event loop: only for cheap handlers that never block
    /// (health checks, static documents), since a slow one stalls every connection on that loop.
    case eventLoop
    /// On the bounded worker pool; refused with 503 when the pool's queue is full.
    case workerPool
}

/// A route's handler: a request in, an answer out.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse

/// One method and path and its handler.
public struct Route: Sendable {
    /// The method the route answers.
    public var method: String
    /// The exact path the route answers.
    public var path: String
    /// The route's name in metrics: its path, or one name for a family of
    /// paths (`/v1/fonts/files/{id}`), so that labels stay few.
    public var label: String
    /// Where the handler runs.
    public var execution: HandlerExecution
    /// Whether the server's bearer token, when it has one, is asked for.
    public var needsToken: Bool
    /// Whether the body must be JSON: any other media type is refused from
    /// the head (415), before a client that waits for `100 Continue` sends it.
    /// A body without a Content-Type is read as JSON.
    public var takesJSON: Bool
    /// The handler.
    public var handler: HTTPHandler
}

/// Exact method + path routing; the service has a handful of fixed paths.
public struct Router: Sendable {
    private var routes: [String: [String: Route]] = [:]

    /// No routes.
    public init() {}

    /// Routes `method` on `path` to `handler`, replacing any route there.
    /// `needsToken: false` serves it without the bearer token: probes, and
    /// what a browser loads without headers of its own (the client module,
    /// font files, the playground page).
    public mutating func add(_ method: String, _ path: String, label: String? = nil,
                             execution: HandlerExecution = .workerPool, needsToken: Bool = true,
                             takesJSON: Bool = false, handler: @escaping HTTPHandler) {
        routes[path, default: [:]][method] = Route(
            method: method, path: path, label: label ?? path, execution: execution, needsToken: needsToken,
            takesJSON: takesJSON, handler: handler)
    }

    /// The metrics name of a path that has routes (for an answer such as a
    /// 405 that runs none of them), or nil.
    func label(of path: String) -> String? {
        routes[path]?.values.first?.label
    }

    enum Resolution {
        case found(Route)
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    func resolve(method: String, path: String) -> Resolution {
        guard let byMethod = routes[path] else { return .notFound }
        if let route = byMethod[method] { return .found(route) }
        if method == "HEAD", let route = byMethod["GET"] { return .found(route) }
        return .methodNotAllowed(allowed: allowedMethods(path) ?? [])
    }

    /// The methods a path answers, HEAD wherever GET is, as the Allow header lists them.
    func allowedMethods(_ path: String) -> [String]? {
        guard let byMethod = routes[path] else { return nil }
        var methods = Set(byMethod.keys)
        if methods.contains("GET") { methods.insert("HEAD") }
        methods.insert("OPTIONS")
        return methods.sorted()
    }
}
