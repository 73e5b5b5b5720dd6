import Synchronization

/// Set when the client went away or the request timed out; the pool then
/// drops the request's cells that have not started.
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .releasing) }
    public var isCancelled: Bool { flag.load(ordering: .acquiring) }
}
