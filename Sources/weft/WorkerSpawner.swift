#if canImport(Glibc)
import Glibc
#endif

/// Starts a worker process: this same binary, with this process's arguments, the
/// handed-down descriptors at their fixed numbers and the worker variable set.
struct WorkerSpawner {
    let listener: Int32
    let restartCounter: Int32
    let lifeline: Int32

    /// `ready` is where the worker reports that it serves.
    func spawn(ready: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy; the sources sit above the fixed numbers.
        for (source, target) in [(listener, WorkerHandoff.listener), (restartCounter, WorkerHandoff.restartCounter),
                                 (lifeline, WorkerHandoff.lifeline), (ready, WorkerHandoff.ready)] {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The supervisor blocks the signals it waits for; a worker starts with none blocked and default handlers.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGTERM, SIGINT, SIGCHLD, SIGPIPE] { sigaddset(&defaults, signalNumber) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            if !String(cString: variable).hasPrefix(WorkerHandoff.environmentKey + "=") {
                environment.append(strdup(variable))
            }
            entry += 1
        }
        environment.append(strdup(WorkerHandoff.environmentKey + "=1"))
        environment.append(nil)
        defer { for pointer in arguments + environment { free(pointer) } }

        var pid: pid_t = 0
        // /proc/self/exe is this binary even if its path has since been replaced.
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, arguments, environment)
        guard status == 0 else {
            throw SupervisorError(description: "cannot start a worker process: \(String(cString: strerror(status)))")
        }
        return pid
    }
}
