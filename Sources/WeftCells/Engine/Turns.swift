import Glibc
import Synchronization
import WeftSync

/// The right to compute: a fixed number of turns (the container engine's
/// workers and one more), handed out first come, first served. Every thread
/// that does a request's work (the request's own thread, the layout pool's
/// threads) holds a turn while it computes and none while it waits, so at
/// most `count` threads compute at once however many requests are in flight.
///
/// Fairness comes from slices: long work calls `Turns.checkpoint()` between
/// small steps (a cell read, a chunk of cells, a cell encoded), and a thread
/// that has held its turn for longer than `slice` while another waits passes
/// it to the longest waiter and queues behind it. A newly arrived small
/// request therefore waits for about one slice of someone else's work, not for
/// a whole big request, at any number of concurrent big requests.
///
/// A thread's turn is recorded per thread, so the static `checkpoint` and
/// `suspending` need no handle: code that runs without a turn (tests, the
/// benchmark) passes through them unchanged.
package final class Turns: @unchecked Sendable {
    package let count: Int
    /// Nanoseconds a holder keeps its turn while others wait.
    let sliceNanoseconds: UInt64
    private let lock = ConditionLock()
    private var free: Int
    /// Waiters take tickets; ticket t may go once `admitted` > t.
    private var issued: UInt64 = 0
    private var admitted: UInt64 = 0
    /// Read without the lock by `checkpoint`'s fast path.
    private let waiting = Atomic<Int>(0)

    /// Half a millisecond: a small request waits about one or two slices for
    /// a turn (more when the machine's other processes take the cores), and a
    /// handover, a few microseconds, costs big requests about 1%.
    package static let defaultSlice: Duration = .microseconds(500)

    package init(count: Int, slice: Duration = defaultSlice) {
        self.count = max(1, count)
        free = self.count
        let (seconds, attoseconds) = slice.components
        sliceNanoseconds = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }

    /// Runs `body` holding a turn; a thread that holds one already just runs it.
    package func holding<T>(_ body: () throws -> T) rethrows -> T {
        let holder = TurnHolder.current
        if holder.turns != nil { return try body() }
        acquire(holder)
        defer { release(holder) }
        return try body()
    }

    /// Between two steps of long work: hands the calling thread's turn to the
    /// longest waiter when the current slice is used up, and waits for its next.
    @inline(__always)
    package static func checkpoint() {
        guard let holder = TurnHolder.ifAny, let turns = holder.turns else { return }
        guard turns.waiting.load(ordering: .relaxed) > 0 else { return }
        turns.handOver(holder)
    }

    /// Runs `body`, a wait for other threads' work, without the calling
    /// thread's turn: a thread never blocks while it holds one.
    package static func suspending<T>(_ body: () throws -> T) rethrows -> T {
        guard let holder = TurnHolder.ifAny, let turns = holder.turns else { return try body() }
        turns.release(holder)
        defer { turns.acquire(holder) }
        return try body()
    }

    /// True when the calling thread holds a turn of these.
    var isHeldHere: Bool { TurnHolder.ifAny?.turns === self }

    /// Takes a turn for the calling thread unless it holds one.
    func acquireIfNotHeld() {
        let holder = TurnHolder.current
        if holder.turns == nil { acquire(holder) }
    }

    /// Gives up the calling thread's turn, if it holds one of these.
    func releaseIfHeld() {
        guard let holder = TurnHolder.ifAny, holder.turns === self else { return }
        release(holder)
    }

    private func acquire(_ holder: TurnHolder) {
        lock.lock()
        if free > 0 && issued == admitted {
            free -= 1
        } else {
            waitForTurn()
        }
        lock.unlock()
        holder.turns = self
        holder.sliceStart = Self.now()
    }

    private func release(_ holder: TurnHolder) {
        holder.turns = nil
        lock.withLock {
            if admitted < issued {
                admitted += 1
                lock.broadcast()
            } else {
                free += 1
            }
        }
    }

    private func handOver(_ holder: TurnHolder) {
        let now = Self.now()
        guard now &- holder.sliceStart >= sliceNanoseconds else { return }
        lock.lock()
        if admitted < issued {
            admitted += 1
            lock.broadcast()
            waitForTurn()
        }
        lock.unlock()
        holder.sliceStart = Self.now()
    }

    /// Queues behind every earlier waiter; called with the lock held.
    private func waitForTurn() {
        let ticket = issued
        issued += 1
        waiting.add(1, ordering: .relaxed)
        while ticket >= admitted { lock.wait() }
        waiting.subtract(1, ordering: .relaxed)
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}

/// A thread's turn, kept in thread-specific storage.
private final class TurnHolder {
    var turns: Turns?
    var sliceStart: UInt64 = 0

    /// The calling thread's record, made on first use.
    static var current: TurnHolder {
        if let existing = ifAny { return existing }
        let holder = TurnHolder()
        pthread_setspecific(turnHolderKey, Unmanaged.passRetained(holder).toOpaque())
        return holder
    }

    /// The calling thread's record if it ever held a turn.
    static var ifAny: TurnHolder? {
        guard let pointer = pthread_getspecific(turnHolderKey) else { return nil }
        return Unmanaged<TurnHolder>.fromOpaque(pointer).takeUnretainedValue()
    }
}

private let turnHolderKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<TurnHolder>.fromOpaque(pointer).release()
    }
    return key
}()
