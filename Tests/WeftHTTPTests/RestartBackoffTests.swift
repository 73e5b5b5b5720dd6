import Testing
import WeftHTTP

/// The supervisor's delays before replacing a dead worker.
@Suite struct RestartBackoffTests {
    /// The delays after `lifetimes`, in order, from a fresh backoff.
    private func delays(_ lifetimes: [Double], _ backoff: RestartBackoff = RestartBackoff()) -> [Double] {
        var backoff = backoff
        return lifetimes.map { backoff.delay(afterLifetime: $0) }
    }

    @Test func aWorkerThatServedAWhileIsReplacedAtOnce() {
        #expect(delays([3_600, 10, 86_400]) == [0, 0, 0])
    }

    @Test func theFirstEarlyDeathIsReplacedAtOnceAndEachFurtherOneWaitsTwiceAsLong() {
        #expect(delays([0.5, 0.5, 0.5, 0.5, 0.5]) == [0, 0.1, 0.2, 0.4, 0.8])
    }

    @Test func theDelayStopsGrowingAtTheMaximum() {
        let all = delays(Array(repeating: 0.01, count: 200))
        #expect(all.max() == 10)
        // 0.1 s doubled: 0.1 ... 6.4, then capped from the ninth death on.
        #expect(Array(all[..<9]) == [0, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 10])
        #expect(all[9...].allSatisfy { $0 == 10 })
        #expect(all.allSatisfy { $0.isFinite && $0 >= 0 })
    }

    @Test func aWorkerThatLivedLongEnoughResetsTheStreak() {
        #expect(delays([1, 1, 1, 1, 10, 1, 1]) == [0, 0.1, 0.2, 0.4, 0, 0, 0.1])
        // Just short of stable still counts as early.
        #expect(delays([1, 1, 9.999, 1]) == [0, 0.1, 0.2, 0.4])
    }

    @Test func theLimitsAreSettings() {
        var backoff = RestartBackoff()
        backoff.stableSeconds = 2
        backoff.firstDelaySeconds = 1
        backoff.maximumDelaySeconds = 3
        #expect(delays([1, 1, 1, 1, 2, 1], backoff) == [0, 1, 2, 3, 0, 0])
    }
}
