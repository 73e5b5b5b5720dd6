import WeftCells
import WeftLayout

/// Where a container request's answer goes. Every answer takes the same path
/// (`ContainerEngine.answer`): the cells measured, checked, placed, then
/// handed to a sink. There are two: the whole JSON document, and NDJSON
/// records (`RecordSink`), which also hears of each cell as it is measured.
protocol AnswerSink: AnyObject, Sendable {
    /// Whether `completed` wants each cell as soon as it and those before it
    /// are measured; a document waits for all of them.
    var reportsCells: Bool { get }
    /// A stream failed (its error record is out), so its cells may stop.
    var failed: Bool { get }
    /// Before any cell is measured.
    func begin(_ request: ContainerRequest)
    /// The pool's work order, or nil for index order.
    func order(jobCount: Int) -> [Int]?
    func completed(_ k: Int, _ job: ContainerLayout.CellJob, _ outcome: CellOutcome, sentAsRef: Bool, shorthand: Bool)
    /// The request failed: a cell broke the contract, or the placement did.
    func fail(_ problem: Problem)
    /// The cells were dropped: out of time, or the client went away.
    func dropped()
    /// Every cell measured and placed.
    func finish(
        _ result: ContainerResult, _ prepared: PreparedContainer, _ outcomes: [CellOutcome],
        warnings: [RequestWarning], stats: ContainerStats)
}

/// The answer as one JSON document, or a problem; read `response` once the
/// engine is done. Used from the request's own thread only.
final class DocumentSink: AnswerSink, @unchecked Sendable {
    private(set) var response = ContainerEngine.cellsNotLaidOut.response()

    var reportsCells: Bool { false }
    var failed: Bool { false }
    func begin(_ request: ContainerRequest) {}
    func order(jobCount: Int) -> [Int]? { nil }
    func completed(
        _ k: Int, _ job: ContainerLayout.CellJob, _ outcome: CellOutcome, sentAsRef: Bool, shorthand: Bool
    ) {}
    func fail(_ problem: Problem) { response = problem.response() }
    func dropped() { response = ContainerEngine.cellsNotLaidOut.response() }

    func finish(
        _ result: ContainerResult, _ prepared: PreparedContainer, _ outcomes: [CellOutcome],
        warnings: [RequestWarning], stats: ContainerStats
    ) {
        let bytes = ContainerResponseEncoder.encode(
            result, warnings: warnings, stats: stats, prepared: prepared, outcomes: outcomes)
        response = ServiceResponse(status: 200, contentType: LayoutNodeEndpoint.jsonContentType, body: bytes)
    }
}
