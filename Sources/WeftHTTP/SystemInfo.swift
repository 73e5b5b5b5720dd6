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
public func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

/// Clamped to about 31 years, so that no setting can overflow the conversion.
public func nanoseconds(fromSeconds seconds: Double) -> UInt64 {
    UInt64(min(max(0, seconds), 1e9) * 1_000_000_000)
}

/// The wall-clock time `nanoseconds` from now, as pthread_cond_timedwait wants it.
func realtime(after nanoseconds: UInt64) -> timespec {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let total = UInt64(now.tv_nsec) + nanoseconds % 1_000_000_000
    now.tv_sec += Int(nanoseconds / 1_000_000_000) + Int(total / 1_000_000_000)
    now.tv_nsec = Int(total % 1_000_000_000)
    return now
}
