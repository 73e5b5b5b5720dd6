#if canImport(Glibc)
import WeftSync
import Glibc
import CEpoll
#endif

/// Messages from other threads to one event loop, and the eventfd that wakes it.
///
/// The loop takes its messages on every turn, so a message posted while the
/// loop is busy needs no wake-up: only a loop about to sleep in epoll_wait is
/// woken, once. Under load the loop is nearly always busy, and a write to the
/// eventfd per finished request (with the read that empties it) was a third of
/// the loop's system calls.
final class LoopInbox: @unchecked Sendable {
    /// Registered in the loop's epoll; readable when the loop must look.
    let wakeFD: Int32
    private let state = Protected(State())

    private struct State {
        var messages: [LoopMessage] = []
        /// The loop is in, or about to enter, epoll_wait.
        var loopIsWaiting = false
        /// The eventfd was written and not yet read: a second write would add nothing.
        var wakePending = false
        /// False once the loop ended, so a late worker never writes to a reused descriptor.
        var isOpen = true
    }

    init() throws {
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else { throw HTTPServerError.system("eventfd") }
    }

    /// Thread-safe: queues a message; wakes the loop only if it sleeps.
    /// False when the loop has ended and the message was dropped.
    @discardableResult
    func post(_ message: LoopMessage) -> Bool {
        state.withLock { state in
            guard state.isOpen else { return false }
            state.messages.append(message)
            if state.loopIsWaiting && !state.wakePending {
                state.wakePending = true
                var one: UInt64 = 1
                _ = write(wakeFD, &one, 8)
            }
            return true
        }
    }

    /// Called by the loop before epoll_wait: true when it may block, false when
    /// messages are already waiting and it should only poll.
    func prepareToWait() -> Bool {
        state.withLock { state in
            guard state.messages.isEmpty else { return false }
            state.loopIsWaiting = true
            return true
        }
    }

    /// Called by the loop after epoll_wait: the messages posted since the last take.
    /// `woken` says the eventfd fired, so it is emptied for the next wake-up.
    func take(woken: Bool, into messages: inout [LoopMessage]) {
        state.withLock { state in
            state.loopIsWaiting = false
            if woken {
                var count: UInt64 = 0
                _ = read(wakeFD, &count, 8)
                state.wakePending = false
            }
            swap(&messages, &state.messages)
        }
    }

    /// Called once by the loop as it ends; returns what was posted and never taken.
    func close() -> [LoopMessage] {
        state.withLock { state in
            state.isOpen = false
            Glibc.close(wakeFD)
            defer { state.messages = [] }
            return state.messages
        }
    }
}
