import Synchronization

/// Set when the client went away or the request timed out; the pool then
/// drops the request's cells that have not started.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    /// Asked as well, so that a flag can follow state it does not own (a
    /// connection that closed) without anyone having to call `cancel`.
    private let poll: (@Sendable () -> Bool)?

    package init() { poll = nil }

    package init(polling: @escaping @Sendable () -> Bool) { poll = polling }

    package func cancel() { flag.store(true, ordering: .releasing) }
    package var isCancelled: Bool { flag.load(ordering: .acquiring) || (poll?() ?? false) }
}
