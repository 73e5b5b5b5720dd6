#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Runs `release` once the server has gone quiet: no request in flight, none
/// started or finished for `quietNanoseconds`, and at least one since the
/// last release. A worker keeps the memory its last requests freed, so that
/// the next request does not fault every page of a large buffer in again;
/// once no request comes, that memory goes back to the system (`release`),
/// and a burst of large requests does not leave the process at its peak.
///
/// A request in flight defers the release (it would fault the pages in
/// again at once), but only for `stuckNanoseconds` of no activity at all: a
/// request whose end was never reported must not hold the process at its
/// peak for good.
public final class IdleRelease: HTTPServerObserver {
    private struct State {
        var lastActivity: UInt64 = 0
        var activeSinceRelease = false
        var inFlight = 0
    }

    private let forwardTo: (any HTTPServerObserver)?
    private let quietNanoseconds: UInt64
    private let stuckNanoseconds: UInt64 = 60_000_000_000
    private let release: @Sendable () -> Void
    private let state = Mutex(State())

    /// `forwardTo` is told of every request as well (metrics).
    public init(
        quietSeconds: Double, forwardTo: (any HTTPServerObserver)?, release: @escaping @Sendable () -> Void
    ) {
        self.quietNanoseconds = UInt64(max(0, quietSeconds) * 1e9)
        self.forwardTo = forwardTo
        self.release = release
    }

    /// Notes the activity and tells `forwardTo`.
    public func requestStarted() {
        noteActivity(inFlight: 1)
        forwardTo?.requestStarted()
    }

    /// Notes the activity and tells `forwardTo`.
    public func requestFinished(_ record: RequestRecord) {
        noteActivity(inFlight: -1)
        forwardTo?.requestFinished(record)
    }

    private func noteActivity(inFlight change: Int) {
        let now = monotonicNanoseconds()
        state.withLock {
            $0.lastActivity = now
            $0.activeSinceRelease = true
            $0.inFlight = max(0, $0.inFlight + change)
        }
    }

    /// Releases if the server has been quiet long enough at `now`; whether it did.
    @discardableResult
    func releaseIfQuiet(now: UInt64 = monotonicNanoseconds()) -> Bool {
        let due = state.withLock { state -> Bool in
            let wait = state.inFlight == 0 ? quietNanoseconds : stuckNanoseconds
            guard state.activeSinceRelease, now >= state.lastActivity &+ wait else { return false }
            state.activeSinceRelease = false
            return true
        }
        if due { release() }
        return due
    }

    /// Checks every `intervalSeconds` on a thread of its own, until this
    /// observer is gone.
    public func startWatching(intervalSeconds: Double) {
        let pause = useconds_t(max(0.01, intervalSeconds) * 1e6)
        OSThread(name: "idle-release") { [weak self] in
            while true {
                usleep(pause)
                guard let self else { return }
                self.releaseIfQuiet()
            }
        }.detach()
    }
}
