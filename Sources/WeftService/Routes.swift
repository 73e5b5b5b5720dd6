import WeftCells
import WeftHTTP
import WeftLayout

/// The service's routes: which path runs which endpoint, and where.
public enum ServiceRoutes {
    /// `engine` lays out container requests; by default one with a thread per
    /// core and a 64 MB cell cache. Its cache counters go to `metrics`.
    package static func makeRouter(
        metrics: ServiceMetrics? = nil, textMeasurer: (any TextMeasuring)? = nil, engine: ContainerEngine? = nil
    ) -> Router {
        let engine = engine ?? ContainerEngine(
            workers: systemCoreCount(), cacheBytes: 64 << 20, textMeasurer: textMeasurer)
        metrics?.observeCache { engine.cacheStatistics }
        var router = Router()
        router.add("GET", "/healthz", execution: .eventLoop) { _ in healthy }
        router.add("GET", "/readyz", execution: .eventLoop) { request in
            request.serverIsDraining ? draining : ready
        }
        router.add("GET", "/openapi.yaml", execution: .eventLoop) { _ in openAPI }
        router.add("GET", "/", execution: .eventLoop) { _ in playground }
        router.add("GET", "/weft-client.js", execution: .eventLoop) { _ in clientModule }
        router.add("GET", "/metrics") { _ in
            HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                         body: metrics?.render() ?? [])
        }
        router.add("POST", "/v1/layout/node") { request in
            // One tree is one slice: it waits for a turn like any cell of a container.
            requireJSON(request) ?? engine.turns.holding {
                httpResponse(LayoutNodeEndpoint.respond(
                    body: request.body, flatten: isTrue(request.queryValue("flatten")), textMeasurer: textMeasurer))
            }
        }
        router.add("POST", "/v1/layout") { request in
            requireJSON(request) ?? ContainerEndpoint.respond(request, engine: engine)
        }
        router.add("GET", "/v1/fonts") { _ in
            httpResponse(FontsEndpoint.respond())
        }
        return router
    }

    // Built once: the health routes answer on the event loop and must stay cheap.
    private static let healthy = HTTPResponse(status: 200, contentType: "application/json", body: Array(#"{"status":"ok"}"#.utf8))
    private static let ready = HTTPResponse(status: 200, contentType: "application/json", body: Array(#"{"status":"ready"}"#.utf8))
    private static let draining: HTTPResponse = {
        var headers = HTTPHeaders()
        headers.add("retry-after", "5")
        return ProblemDetails.response(status: 503, detail: "the server is draining", headers: headers)
    }()
    // openapi.yaml and the playground are embedded as string literals by
    // scripts/embed-web.py, so `swift run` from a clean checkout needs no resource bundle.
    private static let openAPI = HTTPResponse(status: 200, contentType: "application/yaml",
                                              body: Array(EmbeddedWeb.openAPI.utf8))
    private static let playground = HTTPResponse(status: 200, contentType: "text/html; charset=utf-8",
                                                 body: Array(EmbeddedWeb.playgroundHTML.utf8))
    private static let clientModule = HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8",
                                                   body: Array(EmbeddedWeb.clientJS.utf8))

    /// A body that is not JSON is refused before any decoder sees it (415);
    /// a missing Content-Type is given the benefit of the doubt.
    static func requireJSON(_ request: HTTPRequest) -> HTTPResponse? {
        guard let mediaType = request.mediaType else { return nil }
        if mediaType == "application/json" || mediaType.hasSuffix("+json") { return nil }
        return ProblemDetails.response(status: 415, detail: "send the body as application/json, not \(mediaType)")
    }

    static func httpResponse(_ response: ServiceResponse) -> HTTPResponse {
        var headers = HTTPHeaders(response.headers)
        headers.set("content-type", response.contentType)
        return HTTPResponse(status: response.status, headers: headers, body: response.body)
    }

    private static func isTrue(_ value: String?) -> Bool {
        value == "1" || value == "true"
    }
}
