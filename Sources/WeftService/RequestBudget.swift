import WeftCells
import WeftHTTP
import WeftLayout

/// The time one request may take (`weft serve --request-timeout`) and the
/// client it is for: work polls `cancellation` and stops once either is gone.
struct RequestBudget: Sendable {
    let seconds: Double
    let deadline: ContinuousClock.Instant
    let connection: ConnectionLiveness?
    let cancellation: CancellationFlag

    init(seconds: Double, connection: ConnectionLiveness?) {
        self.seconds = seconds
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        self.deadline = deadline
        self.connection = connection
        cancellation = CancellationFlag { (connection?.isClientGone ?? false) || ContinuousClock.now > deadline }
    }

    /// Out of time with the client still there: the server's limit (503), not
    /// the client's slowness (408).
    var isSpent: Bool { ContinuousClock.now > deadline && !(connection?.isClientGone ?? false) }

    func spentResponse() -> ServiceResponse {
        Problem(
            .timeBudgetExceeded,
            detail: "the request needed more than the \(seconds) s one request may take; send less or simpler content"
        ).response(headers: [("Retry-After", "1")])
    }

    static let clientGoneResponse = Problem(
        .requestTimeout, detail: "the request was not laid out: its client went away"
    ).response()

    /// Measures text until the budget is spent, then answers every text as empty
    /// without measuring it: the layout is then thrown away, and the rest of a
    /// text-heavy tree costs next to nothing.
    func measuring(_ measurer: (any TextMeasuring)?) -> (any TextMeasuring)? {
        measurer.map { BudgetedTextMeasurer(inner: $0, cancellation: cancellation) }
    }
}

private struct BudgetedTextMeasurer: TextMeasuring {
    let inner: any TextMeasuring
    let cancellation: CancellationFlag

    func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement {
        if cancellation.isCancelled {
            return TextMeasurement(size: .zero, lineCount: 0, truncated: false, firstBaseline: 0, lastBaseline: 0)
        }
        return inner.measure(content, maxWidth: maxWidth, maxHeight: maxHeight)
    }
}
