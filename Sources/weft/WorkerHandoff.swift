#if canImport(Glibc)
import Glibc
#endif

/// What a supervisor hands each worker process it starts: descriptors at fixed
/// numbers, and an environment variable that tells the same binary to serve as
/// a worker instead of supervising. A worker is started by exec, never by a bare
/// fork, because a forked copy of a process with threads may hold their locks.
enum WorkerHandoff {
    static let environmentKey = "WEFT_SUPERVISED_WORKER"
    /// The listening socket the supervisor bound.
    static let listener: Int32 = 3
    /// Shared memory holding the supervisor's count of restarted workers.
    static let restartCounter: Int32 = 4
    /// The read end of a pipe only the supervisor writes to: end of file means it has gone.
    static let lifeline: Int32 = 5
    /// Where the worker writes one byte once it serves.
    static let ready: Int32 = 6

    static var isWorker: Bool { getenv(environmentKey) != nil }

    /// Moves `fd` above the fixed numbers, close-on-exec, so that placing one
    /// descriptor at its number in a new worker never overwrites another.
    static func liftAboveFixedNumbers(_ fd: Int32) throws -> Int32 {
        let lifted = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        guard lifted >= 0 else { throw SupervisorError.system("fcntl") }
        close(fd)
        return lifted
    }
}

struct SupervisorError: Error, CustomStringConvertible {
    var description: String

    static func system(_ what: String) -> SupervisorError {
        SupervisorError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
