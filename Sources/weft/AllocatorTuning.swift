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
    ///
    /// And one arena per engine worker (`arenas`), not glibc's eight per
    /// core. A request's large buffers are made on whichever request thread
    /// serves it, several per worker; with an arena each, a thread that
    /// serves a large request only now and then holds its buffers in an
    /// extra heap, which glibc unmaps as soon as it is empty, so the next
    /// large request would fault and zero them in again: about 1,000 page
    /// faults and 400 `mprotect` calls per feed-1k request of nested strips,
    /// against about 30 with the arenas shared.
    static func keepLargeBuffers(arenas: Int) {
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 32 << 20)
        _ = mallopt(M_ARENA_MAX, Int32(clamping: max(1, arenas)))
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
