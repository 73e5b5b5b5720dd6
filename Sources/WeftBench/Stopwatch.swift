/// Median wall time of repeated runs.
enum Stopwatch {
    static func median(runs: Int, _ body: () -> Void) -> Duration {
        body()  // warm-up: caches, lazy globals, allocator
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<max(runs, 1) {
            times.append(clock.measure(body))
        }
        times.sort()
        return times[times.count / 2]
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Megabytes (10^6 bytes) per second.
    static func megabytesPerSecond(_ bytes: Int, _ d: Duration) -> Double {
        Double(bytes) / 1e6 / seconds(d)
    }
}
