import Logging
import Synchronization
import WeftSync

/// Per-request facts fixed when the request is dispatched, needed again when
/// its response is finished (possibly on another thread).
struct ResponseContext: Sendable {
    var method: String
    var path: String
    var route: String
    var requestID: String
    var origin: String?
    var acceptEncoding: String?
    var version: HTTPVersion
    var closeConnection: Bool
    var date: String
    var startedAt: UInt64
    var requestBytes: Int
    /// Every `If-None-Match` line, joined as a list.
    var ifNoneMatch: String? = nil
}

enum Dispatch {
    case immediate([UInt8])
    /// Runs on a worker; a streamed response hands its head and chunks to
    /// `partial` as they are made and returns the bytes that end it.
    case pooled(@Sendable (_ partial: @escaping @Sendable ([UInt8]) -> Void) -> [UInt8])
}

/// Everything between a parsed request and response bytes: CORS, routing,
/// auth, body decoding, the handler, compression, logging and metrics.
/// A class, not a struct: every connection reaches it on every request, and
/// copying its configuration each time would cost on every request.
final class RequestProcessor: Sendable {
    let router: Router
    let configuration: HTTPServerConfiguration
    let cors: CORSPolicy
    let authentication: BearerAuthentication?
    let observer: (any HTTPServerObserver)?
    let logger: Logger
    /// Set when the server starts draining: an answer serialized from then
    /// on says `Connection: close`, also one to a request that arrived
    /// before, so the client opens its next connection elsewhere.
    let draining = Atomic<Bool>(false)

    init(router: Router, configuration: HTTPServerConfiguration, observer: (any HTTPServerObserver)?, logger: Logger) {
        self.router = router
        self.configuration = configuration
        self.cors = CORSPolicy(origins: configuration.corsOrigins)
        self.authentication = configuration.authToken.flatMap { $0.isEmpty ? nil : BearerAuthentication(token: $0) }
        self.observer = observer
        self.logger = logger
    }

    func dispatch(_ request: HTTPRequest, context: ResponseContext) -> Dispatch {
        observer?.requestStarted()
        var context = context
        // A preflight names the methods of a route that exists; for any
        // other path it gets the 404 the request itself would.
        if cors.isPreflight(request), let methods = router.allowedMethods(request.path) {
            return .immediate(finish(cors.preflightResponse(request, allowedMethods: methods), context: context))
        }
        if request.path == "*" && request.method == "OPTIONS" {
            var headers = HTTPHeaders()
            headers.add("allow", "GET, HEAD, POST, OPTIONS")
            return .immediate(finish(HTTPResponse(status: 204, headers: headers), context: context))
        }
        switch admit(method: request.method, path: request.path, headers: request.headers) {
        case .failure(let refusal):
            // A known path refused (a method it lacks, no token) is counted under its route.
            if let label = router.label(of: request.path) { context.route = label }
            return .immediate(finish(refusal.response, context: context))
        case .success(let route):
            context.route = route.label
            let finalContext = context
            switch route.execution {
            case .eventLoop:
                return .immediate(run(route, request, context: finalContext, partial: nil))
            case .workerPool:
                return .pooled { partial in self.run(route, request, context: finalContext, partial: partial) }
            }
        }
    }

    struct Refusal: Error {
        var response: HTTPResponse
    }

    /// The route a request may run, or the answer its head alone earns:
    /// no such path, a method the path lacks, missing credentials.
    private func admit(method: String, path: String, headers: HTTPHeaders) -> Result<Route, Refusal> {
        switch router.resolve(method: method, path: path) {
        case .notFound:
            return .failure(Refusal(response: ProblemDetails.response(status: 404, detail: "no route for \(path)")))
        case .methodNotAllowed(let allowed):
            var allow = HTTPHeaders()
            allow.add("allow", allowed.joined(separator: ", "))
            if method == "OPTIONS" { return .failure(Refusal(response: HTTPResponse(status: 204, headers: allow))) }
            return .failure(Refusal(response: ProblemDetails.response(
                status: 405, detail: "\(method) is not allowed on \(path)", headers: allow)))
        case .found(let route):
            // Two credentials are none: a proxy that keeps the other one would disagree.
            if let authentication, route.needsToken,
               headers.count("authorization") != 1 || !authentication.isAuthorized(headers["authorization"]) {
                return .failure(Refusal(response: BearerAuthentication.unauthorized()))
            }
            if route.takesJSON, let refusal = Self.notJSON(headers) { return .failure(Refusal(response: refusal)) }
            return .success(route)
        }
    }

    /// The 415 for a body these headers say is not JSON in UTF-8, or nil; a
    /// body without a Content-Type is given the benefit of the doubt.
    private static func notJSON(_ headers: HTTPHeaders) -> HTTPResponse? {
        if let mediaType = HTTPRequest.mediaType(of: headers), mediaType != "application/json" && !mediaType.hasSuffix("+json") {
            return ProblemDetails.response(status: 415, detail: "send the body as application/json, not \(mediaType)")
        }
        // JSON between systems is UTF-8 (RFC 8259 §8.1): a body said to be in
        // another charset would be read as what it is not.
        if let charset = HTTPRequest.charset(of: headers), charset != "utf-8" && charset != "utf8" {
            return ProblemDetails.response(status: 415, detail: "JSON is UTF-8: send charset=utf-8 or none, not \(charset)")
        }
        return nil
    }

    /// The answer a request gets from its head alone (no route, wrong method,
    /// missing credentials), or nil when its body decides.
    func refusalBeforeBody(method: String, path: String, headers: HTTPHeaders) -> HTTPResponse? {
        if case .failure(let refusal) = admit(method: method, path: path, headers: headers) { return refusal.response }
        return nil
    }

    func overloaded(context: ResponseContext) -> [UInt8] {
        finish(unavailable("the server is at capacity; retry later"), context: context)
    }

    /// A 503 whose `Retry-After` tells the client when to try again (here or elsewhere).
    func unavailable(_ detail: String) -> HTTPResponse {
        ProblemDetails.response(
            status: 503, detail: detail,
            headers: HTTPHeaders([("retry-after", String(configuration.retryAfterSeconds))]))
    }

    private func run(
        _ route: Route, _ request: HTTPRequest, context: ResponseContext,
        partial: (@Sendable ([UInt8]) -> Void)?
    ) -> [UInt8] {
        var request = request
        if let refusal = decodeBody(&request) { return finish(refusal, context: context) }
        var response = route.handler(request)
        guard let stream = response.stream else { return finish(response, context: context) }
        response.stream = nil
        // HTTP/1.0 has no chunked coding, HEAD sends no body, and an event-loop
        // route has nowhere to send parts: those get the stream collected.
        guard let partial, context.version != .http10, context.method != "HEAD" else {
            let collected = Protected<[UInt8]>([])
            stream(ResponseBodyWriter(liveness: request.connection) { bytes in
                collected.withLock { $0.append(contentsOf: bytes) }
            })
            response.body = collected.withLock { $0 }
            return finish(response, context: context, validated: false)
        }
        response.headers.set("x-request-id", context.requestID)
        cors.decorate(&response, origin: context.origin)
        let head = ResponseSerializer.serializeChunkedHead(
            response, date: context.date, closeConnection: closes(context))
        partial(head)
        let writer = ResponseBodyWriter(liveness: request.connection) { bytes in
            partial(ChunkedEncoding.chunk(bytes))
        }
        stream(writer)
        record(status: response.status, responseBytes: head.count + writer.bytesWritten, context: context)
        return ChunkedEncoding.lastChunk
    }

    /// Undoes a Content-Encoding on the request body; a refusal when it cannot.
    private func decodeBody(_ request: inout HTTPRequest) -> HTTPResponse? {
        guard request.headers["content-encoding"] != nil else { return nil }
        let codings = request.headers.listElements("content-encoding").map { $0.lowercased() }
            .filter { $0 != "identity" }
        guard !codings.isEmpty else { return nil }
        guard codings.count == 1, let coding = ContentCoding(rawValue: codings[0] == "x-gzip" ? "gzip" : codings[0]) else {
            var headers = HTTPHeaders()
            headers.add("accept-encoding", "gzip, deflate")
            return ProblemDetails.response(status: 415, detail: "unsupported Content-Encoding", headers: headers)
        }
        do throws(CompressionError) {
            request.body = try Compression.decompress(request.body, as: coding, limit: configuration.maxBodyBytes)
            request.headers.remove("content-encoding")
            return nil
        } catch .tooLarge {
            return ProblemDetails.response(status: 413, detail: "decompressed body exceeds \(configuration.maxBodyBytes) bytes")
        } catch {
            return ProblemDetails.response(.malformedRequest, detail: "the \(coding.rawValue) request body is corrupt")
        }
    }

    /// Adds the headers every response carries, compresses, serializes, logs
    /// and counts. `validated` false: a stream collected into one body (for
    /// HTTP/1.0 or HEAD), which gets no `ETag`, as the stream it is.
    func finish(_ response: HTTPResponse, context: ResponseContext, validated: Bool = true) -> [UInt8] {
        var response = response
        response.headers.set("x-request-id", context.requestID)
        cors.decorate(&response, origin: context.origin)
        if validated && EntityTag.applies(to: response) {
            tagOrRevalidate(&response, context: context)
        }
        compressIfWorthIt(&response, acceptEncoding: context.acceptEncoding)
        let close = closes(context)
        let bytes = ResponseSerializer.serialize(
            response, date: context.date, closeConnection: close,
            keepAliveForHTTP10: context.version == .http10 && !close,
            omitBody: context.method == "HEAD")
        record(status: response.status, responseBytes: bytes.count, context: context)
        return bytes
    }

    /// Whether the answer ends its connection: as the request asked, or because the server drains.
    private func closes(_ context: ResponseContext) -> Bool {
        context.closeConnection || draining.load(ordering: .acquiring)
    }

    /// Logs the request and tells the observer. A request the server could not
    /// serve (5xx: overloaded, out of time, draining, a fault) is logged above
    /// `info`, so an operator running at `notice` sees it. A 501 or 505 refuses
    /// a method or version the client chose, as a 4xx does: at `info`, so that
    /// any client cannot write the production log.
    private func record(status: Int, responseBytes: Int, context: ResponseContext) {
        let duration = Double(monotonicNanoseconds() &- context.startedAt) / 1e9
        let clientsChoice = status == 501 || status == 505
        let level: Logger.Level = status == 500 ? .error : status >= 500 && !clientsChoice ? .notice : .info
        logger.log(level: level, "request", metadata: [
            "request_id": .string(context.requestID),
            "method": .string(context.method),
            "path": .string(context.path),
            "status": .stringConvertible(status),
            "duration_ms": .string(Self.milliseconds(duration)),
            "bytes_in": .stringConvertible(context.requestBytes),
            "bytes_out": .stringConvertible(responseBytes),
        ])
        observer?.requestFinished(RequestRecord(
            route: context.route, method: context.method, status: status, durationSeconds: duration,
            requestBytes: context.requestBytes, responseBytes: responseBytes))
    }

    /// "1.234" for 1.234 ms, without pulling in Foundation's formatters.
    static func milliseconds(_ seconds: Double) -> String {
        let microseconds = Int(seconds * 1_000_000)
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Gives a JSON answer its `ETag`, or turns it into a bodiless 304 when the
    /// request's `If-None-Match` already names it. The 304 keeps the `ETag`
    /// and `Vary` the 200 would have had (RFC 9110 §15.4.5), and drops the
    /// body's own headers.
    private func tagOrRevalidate(_ response: inout HTTPResponse, context: ResponseContext) {
        let tag = EntityTag.of(response.body)
        guard let ifNoneMatch = context.ifNoneMatch, EntityTag.matches(ifNoneMatch: ifNoneMatch, tag: tag) else {
            response.headers.set("etag", tag)
            return
        }
        let coding = codingWorthIt(for: response, acceptEncoding: context.acceptEncoding)
        response.status = 304
        response.body = []
        response.headers.remove("content-type")
        response.headers.addVary("accept-encoding")
        response.headers.set("etag", coding.map { EntityTag.coded(tag, $0) } ?? tag)
    }

    /// The coding a response would be sent with, or nil to send it as it is.
    private func codingWorthIt(for response: HTTPResponse, acceptEncoding: String?) -> ContentCoding? {
        guard Compression.isCompressible(contentType: response.headers["content-type"]),
              response.headers["content-encoding"] == nil,
              response.body.count >= configuration.compressionMinimumBytes else { return nil }
        return Compression.negotiate(acceptEncoding: acceptEncoding)
    }

    private func compressIfWorthIt(_ response: inout HTTPResponse, acceptEncoding: String?) {
        guard Compression.isCompressible(contentType: response.headers["content-type"]),
              response.headers["content-encoding"] == nil else { return }
        response.headers.addVary("accept-encoding")
        guard let coding = codingWorthIt(for: response, acceptEncoding: acceptEncoding),
              let compressed = Compression.compress(response.body, as: coding) else { return }
        response.body = compressed
        response.headers.add("content-encoding", coding.rawValue)
        // Another representation: its validator differs from the identity one's.
        if let tag = response.headers["etag"] { response.headers.set("etag", EntityTag.coded(tag, coding)) }
    }
}
