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

    private static func respondHoldingTurn(_ request: HTTPRequest, engine: ContainerEngine) -> HTTPResponse {
        // `?lines=1`: every text lists its line boxes, as on /v1/layout/node.
        guard let lines = ServiceRoutes.switchParameter(request.queryValue("lines")) else {
            return ServiceRoutes.invalidSwitchParameter("lines")
        }
        // Cells stop being started once the client is gone or the request's
        // time is up.
        let budget = RequestBudget(seconds: engine.timeoutSeconds, connection: request.connection)
        let clientGone = budget.cancellation
        guard wantsStream(request.headers["accept"]) else {
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

    /// `application/x-ndjson` named in Accept (with any q > 0).
    static func wantsStream(_ accept: String?) -> Bool {
        guard let accept else { return false }
        for part in accept.split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: " \t").lowercased() }
            guard fields.first == "application/x-ndjson" else { continue }
            let refused = fields.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
            return !refused
        }
        return false
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        let isSpace: (Character) -> Bool = { set.contains($0) }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
