import CMalloc

/// A container answer is a buffer of several megabytes, built and freed at
/// every request. With glibc's defaults such a buffer is often mapped afresh,
/// or the arena's free top is handed back to the kernel once it is freed, so
/// the next request faults in and zeroes every page again: for a 5 MB
/// answer, about 2,000 page faults, a third of a warm request's time.
/// A worker process keeps them instead.
enum AllocatorTuning {
    /// Below 32 MB (glibc's ceiling for this setting) allocations come from
    /// the arenas; up to 32 MB free at an arena's top stays mapped for reuse.
    static func keepLargeBuffers() {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
    }

    /// Hands the free memory of every arena back to the system. Kept
    /// buffers serve a run of requests; once requests stop (`IdleRelease`),
    /// a burst of large ones would otherwise leave the process at its peak.
    /// glibc hands back free pages inside each arena and the main arena's
    /// top, but not the free top of a thread's arena, which stays up to
    /// the trim threshold above (32 MB) in each.
    static func releaseFreeMemory() {
        _ = malloc_trim(0)
    }
}
