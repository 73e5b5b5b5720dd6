import Foundation
import Synchronization
import Testing
@testable import WeftCells

@Suite struct PoolFeedTests {
    @Test(arguments: [0, 1, 3])
    func everyIndexRunsOnceAndIsReportedInOrder(workers: Int) {
        let pool = LayoutWorkerPool(workers: workers)
        let ran = Mutex([Int](repeating: 0, count: 2500))
        let reported = Mutex<[Int]>([])
        let feed = pool.feed(chunkSize: 7, completed: { k in
            reported.withLock { $0.append(k) }
            // Reported only once it ran.
            #expect(ran.withLock { $0[k] } == 1)
        }) { k in ran.withLock { $0[k] += 1 } }
        // Added in uneven bursts.
        for i in 0..<2500 {
            feed.add()
            if i % 97 == 0 { feed.publish() }
        }
        #expect(feed.finish())
        #expect(ran.withLock { $0 } == [Int](repeating: 1, count: 2500))
        #expect(reported.withLock { $0 } == Array(0..<2500))
    }

    /// The point of a feed: a worker starts on the first index while the
    /// producer is still adding the rest.
    @Test func workersStartBeforeTheLastIndex() {
        let pool = LayoutWorkerPool(workers: 1)
        let ran = Atomic<Int>(0)
        let feed = pool.feed(chunkSize: 4) { _ in ran.add(1, ordering: .relaxed) }
        feed.add()
        // Bounded: the worker is idle, so it should take the first index at once.
        let deadline = Date().addingTimeInterval(5)
        while ran.load(ordering: .relaxed) == 0 && Date() < deadline { usleep(100) }
        #expect(ran.load(ordering: .relaxed) == 1, "the worker did not start on the first index")
        for _ in 1..<10 { feed.add() }
        #expect(feed.finish())
        #expect(ran.load(ordering: .relaxed) == 10)
    }

    @Test func cancellingStopsTheFeed() {
        let pool = LayoutWorkerPool(workers: 1)
        let flag = CancellationFlag()
        let ran = Atomic<Int>(0)
        let feed = pool.feed(chunkSize: 8, cancellation: flag) { _ in
            if ran.add(1, ordering: .relaxed).newValue == 50 { flag.cancel() }
        }
        for _ in 0..<10_000 { feed.add() }
        #expect(!feed.finish())
        #expect(ran.load(ordering: .relaxed) < 10_000)
    }

    @Test func anEmptyFeedFinishes() {
        let pool = LayoutWorkerPool(workers: 2)
        let feed = pool.feed { _ in Issue.record("nothing was added") }
        #expect(feed.finish())
        #expect(feed.count == 0)
    }
}
