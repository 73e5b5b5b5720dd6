import WeftSync

/// Spreads connections evenly over the event loops.
///
/// Loops accept from a shared socket, and whichever loop the kernel wakes takes
/// the connection, which need not be the least busy one: uneven loops (64/64 to
/// 56/72 connections of 128 on two loops were seen) made the clients of the busier
/// loop wait about a third longer, which set the p99. So an accepted connection
/// goes to whichever loop holds the fewest.
final class LoopBalancer: Sendable {
    private let counts: Protected<[Int]>

    init(loops: Int) {
        counts = Protected([Int](repeating: 0, count: max(1, loops)))
    }

    /// The loop that should own a new connection, counted against it at once;
    /// `accepting` (the loop that accepted it) wins ties, which saves a hand-off.
    func assign(acceptedBy accepting: Int) -> Int {
        counts.withLock { counts in
            var chosen = accepting
            for index in counts.indices where counts[index] < counts[chosen] { chosen = index }
            counts[chosen] += 1
            return chosen
        }
    }

    /// A connection of `loop` closed, or never opened there.
    func release(_ loop: Int) {
        counts.withLock { $0[loop] -= 1 }
    }
}
