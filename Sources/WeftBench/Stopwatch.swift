import Foundation

/// Times repeated runs by the wall clock and by the thread's CPU time.
///
/// On a shared machine the wall clock also counts the time other processes
/// hold the CPU; the thread's CPU time (CLOCK_THREAD_CPUTIME_ID) does not,
/// so both medians are printed.
enum Stopwatch {
    struct Timing {
        var wall: Double
        var cpu: Double
        var fastestWall: Double
    }

    static func measure(runs: Int, _ body: () -> Void) -> Timing {
        measure(runs: runs) { () -> Int in
            body()
            return 0
        }
    }

    /// Times `body`; its result is released after the clocks stop, so that
    /// freeing the previous run's tree is not counted as decoding.
    static func measure<T>(runs: Int, _ body: () -> T) -> Timing {
        _ = body()  // warm-up: caches, lazy globals, allocator
        var walls: [Double] = []
        var cpus: [Double] = []
        for _ in 0..<max(runs, 1) {
            let wall0 = now(CLOCK_MONOTONIC)
            let cpu0 = now(CLOCK_THREAD_CPUTIME_ID)
            let result = body()
            cpus.append(now(CLOCK_THREAD_CPUTIME_ID) - cpu0)
            walls.append(now(CLOCK_MONOTONIC) - wall0)
            withExtendedLifetime(result) {}
        }
        walls.sort()
        cpus.sort()
        return Timing(wall: walls[walls.count / 2], cpu: cpus[cpus.count / 2], fastestWall: walls[0])
    }

    /// CPU time of every thread of the process, in seconds.
    static func processCPU() -> Double { now(CLOCK_PROCESS_CPUTIME_ID) }

    private static func now(_ clock: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Megabytes (10^6 bytes) per second.
    static func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> Double {
        Double(bytes) / 1e6 / seconds
    }
}
