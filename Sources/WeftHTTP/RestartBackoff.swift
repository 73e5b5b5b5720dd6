/// How long `weft serve`'s supervisor waits before restarting a worker
/// process that died. One that had served for a while is replaced at once, so
/// a single crash costs only the requests it had in flight; one that dies soon
/// after starting waits twice as long as the one before it, so a worker that
/// cannot start does not spin the machine.
///
/// Pure arithmetic over lifetimes, kept beside the server (which worker
/// processes share) rather than in the executable, so that tests reach it.
package struct RestartBackoff: Sendable {
    /// A worker that lived this long resets the streak.
    package var stableSeconds = 10.0
    package var firstDelaySeconds = 0.1
    package var maximumDelaySeconds = 10.0
    private var earlyDeaths = 0

    package init() {}

    /// The delay before replacing a worker that lived `lifetimeSeconds`.
    package mutating func delay(afterLifetime lifetimeSeconds: Double) -> Double {
        guard lifetimeSeconds < stableSeconds else {
            earlyDeaths = 0
            return 0
        }
        earlyDeaths += 1
        guard earlyDeaths > 1 else { return 0 }
        let doublings = min(earlyDeaths - 2, 30)
        return min(maximumDelaySeconds, firstDelaySeconds * Double(1 << doublings))
    }
}
