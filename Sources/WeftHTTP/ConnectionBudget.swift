import WeftSync

/// Open connections across every loop, against `--max-connections`.
final class ConnectionBudget: Sendable {
    private let open = Protected(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func tryReserve() -> Bool {
        open.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func release() {
        open.withLock { $0 -= 1 }
    }

    var current: Int { open.withLock { $0 } }
}
