import WeftCells
import WeftHTTP
import WeftLayout
import WeftStore

/// The service's routes: which path runs which endpoint, and where.
public enum ServiceRoutes {
    /// `engine` lays out container requests; by default one with a thread per
    /// core and a 64 MB cell cache. Its cache counters go to `metrics`, and so
    /// do those of `cellStore`, the shared store behind the engine's cache.
    package static func makeRouter(
        metrics: ServiceMetrics? = nil, textMeasurer: (any TextMeasuring)? = nil, engine: ContainerEngine? = nil,
        cellStore: CellStore? = nil
    ) -> Router {
        let engine = engine ?? ContainerEngine(
            workers: systemCoreCount(), cacheBytes: 64 << 20, textMeasurer: textMeasurer, cellStore: cellStore)
        metrics?.observeCache { engine.cacheStatistics }
        if let cellStore { metrics?.observeCellStore { cellStore.statistics } }
        var router = Router()
        router.add("GET", "/healthz", execution: .eventLoop, needsToken: false) { _ in healthy }
        router.add("GET", "/readyz", execution: .eventLoop, needsToken: false) { request in
            request.serverIsDraining ? draining : request.serverIsOverloaded ? overloaded : ready
        }
        router.add("GET", "/openapi.yaml", execution: .eventLoop, needsToken: false) { _ in openAPI }
        router.add("GET", "/", execution: .eventLoop, needsToken: false) { _ in playground }
        router.add("GET", "/weft-client.js", execution: .eventLoop, needsToken: false) { _ in clientModule }
        router.add("GET", "/weft-client.d.ts", execution: .eventLoop, needsToken: false) { _ in clientTypes }
        router.add("GET", "/metrics") { _ in
            HTTPResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                         body: metrics?.render() ?? [])
        }
        router.add("POST", "/v1/layout/node", takesJSON: true) { request in
            guard let flatten = switchParameter(request, "flatten") else {
                return invalidSwitchParameter("flatten")
            }
            guard let lines = switchParameter(request, "lines") else { return invalidSwitchParameter("lines") }
            let budget = RequestBudget(seconds: engine.timeoutSeconds, connection: request.connection)
            // One tree is one slice: it waits for a turn like any cell of a container.
            let response = engine.runner.turns.holding {
                LayoutNodeEndpoint.respond(
                    body: request.body, flatten: flatten, lines: lines, textMeasurer: budget.measuring(textMeasurer),
                    contentStore: engine.contentStore,
                    // A node request is never cached: texts measured past its budget come back empty.
                    cellCache: nil)
            }
            // Texts measured after the budget ran out are empty: that layout is not sent.
            guard budget.cancellation.isCancelled else { return httpResponse(response) }
            return httpResponse(budget.isSpent ? budget.spentResponse() : RequestBudget.clientGoneResponse)
        }
        router.add("POST", "/v1/layout", takesJSON: true) { request in
            ContainerEndpoint.respond(request, engine: engine)
        }
        router.add("GET", "/v1/fonts", needsToken: false) { _ in
            httpResponse(FontsEndpoint.respond())
        }
        FontsEndpoint.addFileRoutes(to: &router)
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
    private static let overloaded: HTTPResponse = {
        var headers = HTTPHeaders()
        headers.add("retry-after", "1")
        return ProblemDetails.response(status: 503, detail: "the server's queue is full", headers: headers)
    }()
    // openapi.yaml and the playground are embedded as string literals by
    // scripts/embed-web.py, so `swift run` from a clean checkout needs no resource bundle.
    private static let openAPI = HTTPResponse(status: 200, contentType: "application/yaml",
                                              body: Array(EmbeddedWeb.openAPI.utf8))
    private static let playground = HTTPResponse(status: 200, contentType: "text/html; charset=utf-8",
                                                 body: Array(EmbeddedWeb.playgroundHTML.utf8))
    private static let clientModule = HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8",
                                                   body: Array(EmbeddedWeb.clientJS.utf8))
    private static let clientTypes = HTTPResponse(status: 200, contentType: "application/typescript; charset=utf-8",
                                                  body: Array(EmbeddedWeb.clientTypes.utf8))

    static func httpResponse(_ response: ServiceResponse) -> HTTPResponse {
        var headers = HTTPHeaders(response.headers)
        headers.set("content-type", response.contentType)
        return HTTPResponse(status: response.status, headers: headers, body: response.body)
    }

    /// A switch query parameter (`?flatten=`, `?lines=`) as openapi.yaml lists
    /// it: absent, or given once as 0 or 1; nil for anything else (a second
    /// value would otherwise go unread).
    static func switchParameter(_ request: HTTPRequest, _ name: String) -> Bool? {
        let values = request.queryValues(name)
        guard values.count <= 1 else { return nil }
        switch values.first {
        case nil, "0": return false
        case "1": return true
        default: return nil
        }
    }

    /// The answer to a switch query parameter that is not given once as 0 or 1.
    static func invalidSwitchParameter(_ name: String) -> HTTPResponse {
        var problem = Problem(.invalidValue, detail: "the query parameter \(name) must be given once, as 0 or 1")
        problem.parameter = name
        return httpResponse(problem.response())
    }
}
