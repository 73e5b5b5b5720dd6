import WeftCells
import WeftHTTP
import WeftLayout

/// `POST /v1/layout`: through the server's one `ContainerEngine`, as one
/// JSON document or, when the client accepts `application/x-ndjson`, as a
/// chunked stream of records. The HTTP layer decides 413/415 first. Work for
/// a client that has gone away is dropped.
package enum ContainerEndpoint {
    /// Computes only while it holds one of the engine's turns, as the
    /// stream does once the 200 is out.
    static func respond(_ request: HTTPRequest, engine: ContainerEngine) -> HTTPResponse {
        engine.runner.turns.holding { respondHoldingTurn(request, engine: engine) }
    }

    /// The answer's form follows Accept, so a cache must key it by Accept too.
    private static func respondHoldingTurn(_ request: HTTPRequest, engine: ContainerEngine) -> HTTPResponse {
        var response = answer(request, engine: engine)
        response.headers.addVary("accept")
        return response
    }

    private static func answer(_ request: HTTPRequest, engine: ContainerEngine) -> HTTPResponse {
        // `?lines=1`: every text lists its line boxes, as on /v1/layout/node.
        guard let lines = ServiceRoutes.switchParameter(request, "lines") else {
            return ServiceRoutes.invalidSwitchParameter("lines")
        }
        // Cells stop being started once the client is gone or the request's
        // time is up.
        let budget = RequestBudget(seconds: engine.timeoutSeconds, connection: request.connection)
        let clientGone = budget.cancellation
        guard wantsStream(request.headers.values("accept")) else {
            let response = engine.respond(body: request.body, reportsLines: lines, cancellation: clientGone)
            if response.status == ProblemType.requestTimeout.status, budget.isSpent {
                return ServiceRoutes.httpResponse(budget.spentResponse())
            }
            return ServiceRoutes.httpResponse(response)
        }
        let plan: ContainerEngine.StreamPlan
        switch engine.beginStream(request.body, reportsLines: lines, cancellation: clientGone) {
        case .refused(let problem):
            if problem.type == .requestTimeout, budget.isSpent {
                return ServiceRoutes.httpResponse(budget.spentResponse())
            }
            return ServiceRoutes.httpResponse(problem.response())
        case .ready(let p): plan = p
        }
        var response = HTTPResponse(status: 200, contentType: RecordSink.contentType, body: [])
        response.stream = { writer in
            engine.runner.turns.holding {
                engine.stream(plan, cancellation: clientGone) { bytes in writer.write(bytes) }
            }
        }
        return response
    }

    /// Whether Accept prefers `application/x-ndjson`, named as such, to
    /// JSON (RFC 9110 §12.5.1): its weight is above 0 and not below the
    /// weight of the most specific range that covers `application/json`
    /// (`application/json`, `application/*`, `*/*`; none gives 0). A range
    /// that only covers NDJSON through a wildcard never asks for a stream.
    /// `accept` holds every `Accept` line: a list header's lines combine as
    /// one list (RFC 9110 §5.3).
    static func wantsStream(_ accept: [String]) -> Bool {
        var stream: Double?
        var json: (specificity: Int, weight: Double)?
        for part in accept.flatMap({ $0.split(separator: ",") }) {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: " \t").lowercased() }
            guard let range = fields.first else { continue }
            let weight = fields.dropFirst().lazy.compactMap(Self.weight).first ?? 1
            if range == "application/x-ndjson" { stream = max(stream ?? 0, weight) }
            let specificity = ["*/*": 0, "application/*": 1, "application/json": 2][range]
            if let specificity, specificity > (json?.specificity ?? -1) { json = (specificity, weight) }
        }
        guard let stream, stream > 0 else { return false }
        return stream >= (json?.weight ?? 0)
    }

    /// The weight a `q=` parameter gives, clamped to 0...1; nil for any other parameter.
    private static func weight(_ parameter: String) -> Double? {
        guard parameter.hasPrefix("q=") else { return nil }
        return min(max(Double(parameter.dropFirst(2)) ?? 1, 0), 1)
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        let isSpace: (Character) -> Bool = { set.contains($0) }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
