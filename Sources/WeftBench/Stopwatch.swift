/// Median wall time of repeated runs.
enum Stopwatch {
    /// The fastest run of the last `median` call: less disturbed by other
    /// processes on a shared machine, shown next to the median.
    nonisolated(unsafe) static var lastMinimum: Duration = .zero

    static func median(runs: Int, _ body: () -> Void) -> Duration {
        median(runs: runs) { () -> Int in
            body()
            return 0
        }
    }

    /// Times `body`; its result is released after the clock stops, so that
    /// freeing the previous run's tree is not counted as decoding.
    static func median<T>(runs: Int, _ body: () -> T) -> Duration {
        _ = body()  // warm-up: caches, lazy globals, allocator
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<max(runs, 1) {
            let start = clock.now
            let result = body()
            times.append(clock.now - start)
            withExtendedLifetime(result) {}
        }
        times.sort()
        lastMinimum = times[0]
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
