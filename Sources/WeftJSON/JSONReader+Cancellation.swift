import WeftCells
import WeftHTTP

extension JSONReader {
    /// Bytes read between two looks at `cancellation`: about 0.1 ms of
    /// reading, far below a turn's slice, and few enough looks that their
    /// cost (a clock read each) does not show beside the reading.
    public static let cancellationCheckBytes = 64 << 10

    /// The error a cancelled read stops with; its reader names no position,
    /// since nothing is wrong with the body.
    public static let cancelledRead = RequestError(
        .requestTimeout, "the request's body was not read: it ran out of time or its client went away")

    /// Between two steps of a long read (a cell, say): hands the thread's
    /// turn on when its slice is up (`Turns.checkpoint`), and throws
    /// `cancelledRead` once the request is cancelled.
    /// Not inlinable: it reads the package's turns and cancellation.
    public mutating func checkpoint() throws(RequestError) {
        Turns.checkpoint()
        guard let cancellation, offset >= nextCancellationCheck else { return }
        nextCancellationCheck = offset + Self.cancellationCheckBytes
        if cancellation.isCancelled { throw Self.cancelledRead }
    }

    /// True when `error` is the one `checkpoint` stops a cancelled read with.
    @inlinable public static func isCancelledRead(_ error: RequestError) -> Bool {
        error.problem == .requestTimeout
    }
}
