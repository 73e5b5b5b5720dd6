#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex with a condition variable, for the few places threads meet
/// (the HTTP worker queue and loop inboxes, the layout pool, shutdown):
/// sleeping until woken is what `Synchronization.Mutex` alone cannot do.
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// An unlocked mutex and its condition variable.
    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it if another thread holds it.
    public func lock() { pthread_mutex_lock(mutex) }
    /// Releases the lock.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` while holding the lock.
    @inline(__always)
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a signal; call only while holding the lock.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Waits for a signal or until `deadline` (CLOCK_REALTIME seconds); call only while holding the lock.
    public func wait(untilRealtime deadline: timespec) {
        var deadline = deadline
        pthread_cond_timedwait(condition, mutex, &deadline)
    }

    /// Wakes every thread waiting on the condition.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Wakes one thread waiting on the condition.
    public func signal() {
        pthread_cond_signal(condition)
    }
}

/// Mutable state guarded by a lock.
public final class Protected<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` on the value while holding the lock.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
