import Foundation
import Synchronization
import Testing

@testable import WeftCells

@Suite struct TurnsTests {
    /// Starts `body` on a new thread; the returned flag turns true when it returned.
    private func spawn(_ body: @escaping @Sendable () -> Void) -> DoneFlag {
        let done = DoneFlag()
        let thread = Thread {
            body()
            done.value.store(true, ordering: .releasing)
        }
        thread.start()
        return done
    }

    private func waitUntil(_ condition: () -> Bool) {
        for _ in 0..<20_000 where !condition() { usleep(500) }
    }

    @Test func noMoreThreadsComputeThanThereAreTurns() {
        let turns = Turns(count: 2)
        let inside = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let threads = (0..<6).map { _ in
            spawn {
                for _ in 0..<200 {
                    turns.holding {
                        // Counted between checkpoints only: a thread waiting
                        // in one has handed its turn on.
                        for _ in 0..<20 {
                            let now = inside.add(1, ordering: .relaxed).newValue
                            _ = most.max(now, ordering: .relaxed)
                            var x = 1
                            for _ in 0..<500 { x = x &* 31 &+ 7 }
                            inside.subtract(1, ordering: .relaxed)
                            Turns.checkpoint()
                        }
                    }
                }
            }
        }
        waitUntil { threads.allSatisfy { $0.value.load(ordering: .acquiring) } }
        let allDone = threads.allSatisfy { $0.value.load(ordering: .acquiring) }
        let mostAtOnce = most.load(ordering: .relaxed)
        #expect(allDone)
        #expect(mostAtOnce == 2)
    }

    /// Long work that checkpoints lets a newcomer run long before it ends:
    /// the holder sees the newcomer's work done while it is still working.
    @Test func aWaiterRunsBetweenSlicesOfLongWork() {
        let turns = Turns(count: 1, slice: .microseconds(200))
        let started = Atomic<Bool>(false)
        let newcomerRan = Atomic<Bool>(false)
        let sawNewcomerWhileWorking = Atomic<Bool>(false)
        let long = spawn {
            turns.holding {
                started.store(true, ordering: .releasing)
                // At most ten seconds of slices; it stops as soon as the newcomer ran.
                let end = Turns.now() + 10_000_000_000
                while Turns.now() < end {
                    Turns.checkpoint()
                    if newcomerRan.load(ordering: .acquiring) {
                        sawNewcomerWhileWorking.store(true, ordering: .relaxed)
                        break
                    }
                }
            }
        }
        waitUntil { started.load(ordering: .acquiring) }
        turns.holding { newcomerRan.store(true, ordering: .releasing) }
        waitUntil { long.value.load(ordering: .acquiring) }
        let saw = sawNewcomerWhileWorking.load(ordering: .relaxed)
        #expect(saw)
    }

    /// A holder that waits for another thread's work gives its turn up
    /// meanwhile, so the other thread can compute even with one turn.
    @Test func suspendingLendsTheTurn() {
        let turns = Turns(count: 1)
        let helperRan = Atomic<Bool>(false)
        turns.holding {
            let helper = spawn { turns.holding { helperRan.store(true, ordering: .releasing) } }
            Turns.suspending { waitUntil { helper.value.load(ordering: .acquiring) } }
        }
        let ran = helperRan.load(ordering: .acquiring)
        #expect(ran)
    }

    /// The pool's threads compute under the same turns as the request that
    /// submitted the work: with one turn, cells never run two at a time.
    @Test func thePoolComputesOnlyWithATurn() {
        let turns = Turns(count: 1)
        let pool = LayoutWorkerPool(workers: 3, turns: turns)
        let inside = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let results = turns.holding {
            pool.run(count: 400, chunkSize: 4) { k -> Int in
                let now = inside.add(1, ordering: .relaxed).newValue
                _ = most.max(now, ordering: .relaxed)
                var x = k
                for _ in 0..<2000 { x = x &* 31 &+ 7 }
                inside.subtract(1, ordering: .relaxed)
                return k
            }
        }
        let mostAtOnce = most.load(ordering: .relaxed)
        #expect(results == Array(0..<400))
        #expect(mostAtOnce == 1)
    }

    @Test func codeWithoutATurnPassesThrough() {
        Turns.checkpoint()
        #expect(Turns.suspending { 7 } == 7)
    }
}

/// An atomic flag that a closure can capture.
final class DoneFlag: Sendable {
    let value = Atomic<Bool>(false)
}
