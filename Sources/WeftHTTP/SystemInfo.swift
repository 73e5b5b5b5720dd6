#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Online processors, which sizes the loops and the worker pool.
public func systemCoreCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// Nanoseconds on a clock that never jumps, for timeouts and latencies.
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

func nanoseconds(fromSeconds seconds: Double) -> UInt64 {
    UInt64(max(0, seconds) * 1_000_000_000)
}
