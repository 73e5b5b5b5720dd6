#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import WeftHTTP

/// How many times `IdleRelease` released.
private final class Releases: Sendable {
    private let count = Atomic<Int>(0)
    func note() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// Counts what it is told, to check that `IdleRelease` passes every request on.
private final class CountingObserver: HTTPServerObserver {
    let started = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
    func requestStarted() { started.add(1, ordering: .relaxed) }
    func requestFinished(_ record: RequestRecord) { finished.add(1, ordering: .relaxed) }
}

@Suite struct IdleReleaseTests {
    private static let second: UInt64 = 1_000_000_000
    private static let record = RequestRecord(
        route: "/", method: "GET", status: 200, durationSeconds: 0, requestBytes: 0, responseBytes: 0)

    private func idle(quietSeconds: Double = 2, forwardTo: (any HTTPServerObserver)? = nil) -> (IdleRelease, Releases) {
        let releases = Releases()
        return (IdleRelease(quietSeconds: quietSeconds, forwardTo: forwardTo) { releases.note() }, releases)
    }

    /// Not released a second after the last activity, released three seconds after it.
    private func expectReleasedOnceQuiet(_ idle: IdleRelease, sourceLocation: SourceLocation = #_sourceLocation) {
        let lastActivity = monotonicNanoseconds()
        #expect(!idle.releaseIfQuiet(now: lastActivity + Self.second), sourceLocation: sourceLocation)
        #expect(idle.releaseIfQuiet(now: lastActivity + 3 * Self.second), sourceLocation: sourceLocation)
    }

    @Test func nothingIsReleasedBeforeAnyRequest() {
        let (idle, releases) = idle()
        #expect(!idle.releaseIfQuiet(now: monotonicNanoseconds() + 60 * Self.second))
        #expect(releases.value == 0)
    }

    @Test func releasesOnceAfterTheQuietPeriodThenWaitsForNewRequests() {
        let (idle, releases) = idle(quietSeconds: 2)
        idle.requestStarted()
        idle.requestFinished(Self.record)
        expectReleasedOnceQuiet(idle)
        #expect(!idle.releaseIfQuiet(now: monotonicNanoseconds() + 10 * Self.second))
        #expect(releases.value == 1)

        idle.requestStarted()
        idle.requestFinished(Self.record)
        expectReleasedOnceQuiet(idle)
        #expect(releases.value == 2)
    }

    /// A request in flight defers the release, unless nothing at all has
    /// happened for a minute (a request whose end was never reported).
    @Test func aRequestInFlightDefersTheReleaseForAMinuteAtMost() {
        let (idle, releases) = idle(quietSeconds: 2)
        idle.requestStarted()
        idle.requestStarted()
        idle.requestFinished(Self.record)
        let lastAt = monotonicNanoseconds()
        #expect(!idle.releaseIfQuiet(now: lastAt + 10 * Self.second))
        #expect(idle.releaseIfQuiet(now: lastAt + 61 * Self.second))
        #expect(releases.value == 1)
        idle.requestFinished(Self.record)
        expectReleasedOnceQuiet(idle)
        #expect(releases.value == 2)
    }

    @Test func everyRequestIsPassedOn() {
        let counting = CountingObserver()
        let (idle, _) = idle(forwardTo: counting)
        for _ in 0..<3 { idle.requestStarted() }
        for _ in 0..<2 { idle.requestFinished(Self.record) }
        #expect(counting.started.load(ordering: .relaxed) == 3)
        #expect(counting.finished.load(ordering: .relaxed) == 2)
    }

    /// Through a real server: its requests reach the observer, and the
    /// watching thread releases once they stop.
    @Test func aServerGoneQuietReleases() throws {
        let counting = CountingObserver()
        let (idle, releases) = idle(quietSeconds: 0.05, forwardTo: counting)
        idle.startWatching(intervalSeconds: 0.02)
        try withServer(observer: idle) { server in
            let client = try RawClient(port: server.port)
            client.send(get("/healthz"))
            _ = client.readResponse()
            let deadline = monotonicSeconds() + 5
            while releases.value == 0 && monotonicSeconds() < deadline { usleep(10_000) }
            #expect(releases.value == 1)
            #expect(counting.finished.load(ordering: .relaxed) == 1)
        }
    }
}
