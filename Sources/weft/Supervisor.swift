#if canImport(Glibc)
import Glibc
#endif
import Logging
import WeftHTTP

/// `weft serve` as nginx runs its workers: the port is bound once, here, and
/// worker processes inherit the socket and accept from it. A worker that dies
/// costs only the requests it had in flight: connections still waiting in the
/// socket's backlog are taken by the other workers or by its replacement.
///
/// One thread, no handlers: SIGCHLD, SIGTERM and SIGINT stay blocked and are
/// taken with sigtimedwait, so a signal never interrupts the bookkeeping.
struct Supervisor {
    let listener: ListeningSocket
    let processes: Int
    let drainTimeoutSeconds: Double
    let logger: Logger

    private struct Worker {
        var pid: pid_t
        var startedAt: UInt64
    }

    /// Starts the workers, calls `ready` once every one serves, then supervises
    /// until SIGTERM or SIGINT has drained them. Returns the exit status.
    func run(ready: () -> Void) throws -> Int32 {
        var waited = sigset_t()
        sigemptyset(&waited)
        for signalNumber in [SIGCHLD, SIGTERM, SIGINT] { sigaddset(&waited, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &waited, nil)

        let counter = try RestartCounter.create()
        var lifeline: [Int32] = [0, 0]
        guard pipe(&lifeline) == 0 else { throw SupervisorError.system("pipe") }
        // The write end stays here, never written: workers see end of file when the supervisor has gone.
        _ = try WorkerHandoff.liftAboveFixedNumbers(lifeline[1])
        let spawner = WorkerSpawner(
            listener: try WorkerHandoff.liftAboveFixedNumbers(listener.fd), restartCounter: counter.fd,
            lifeline: try WorkerHandoff.liftAboveFixedNumbers(lifeline[0]))

        // Replacements report readiness to no one.
        let discard = try WorkerHandoff.liftAboveFixedNumbers(open("/dev/null", O_WRONLY))
        var workers = try startWorkers(spawner)
        ready()
        var backoff = RestartBackoff()
        var pendingRestarts: [UInt64] = []
        while true {
            let now = monotonicNanoseconds()
            let due = pendingRestarts.filter { $0 <= now }
            pendingRestarts.removeAll { $0 <= now }
            for _ in due {
                do {
                    let pid = try spawner.spawn(ready: discard)
                    workers.append(Worker(pid: pid, startedAt: monotonicNanoseconds()))
                    counter.increment()
                    logger.notice("worker restarted", metadata: ["pid": "\(pid)", "restarts": "\(counter.value)"])
                } catch {
                    logger.error("\(error)")
                    pendingRestarts.append(monotonicNanoseconds() + nanoseconds(fromSeconds: backoff.maximumDelaySeconds))
                }
            }
            let wait = pendingRestarts.min().map { $0 > now ? $0 - now : 0 } ?? 1_000_000_000
            switch take(waited, waitingAtMost: min(wait, 1_000_000_000)) {
            case SIGCHLD:
                for (worker, status) in reap(&workers) {
                    let lifetime = Double(monotonicNanoseconds() - worker.startedAt) / 1e9
                    let delay = backoff.delay(afterLifetime: lifetime)
                    logger.error("worker exited", metadata: [
                        "pid": "\(worker.pid)", "status": "\(status)", "restart_in_seconds": "\(delay)"])
                    pendingRestarts.append(monotonicNanoseconds() + nanoseconds(fromSeconds: delay))
                }
            case SIGTERM, SIGINT:
                close(spawner.listener)
                return drain(&workers, waited: waited)
            default:
                break
            }
        }
    }

    /// Starts `processes` workers and waits until each says it serves; a worker
    /// that exits first (a bad certificate, say) fails the start.
    private func startWorkers(_ spawner: WorkerSpawner) throws -> [Worker] {
        var readiness: [Int32] = [0, 0]
        guard pipe(&readiness) == 0 else { throw SupervisorError.system("pipe") }
        let readEnd = try WorkerHandoff.liftAboveFixedNumbers(readiness[0])
        let writeEnd = try WorkerHandoff.liftAboveFixedNumbers(readiness[1])
        defer { close(readEnd) }
        var workers: [Worker] = []
        do {
            for _ in 0..<processes {
                workers.append(Worker(pid: try spawner.spawn(ready: writeEnd), startedAt: monotonicNanoseconds()))
            }
        } catch {
            close(writeEnd)
            for worker in workers { kill(worker.pid, SIGKILL) }
            throw error
        }
        close(writeEnd)
        var reported = 0
        var byte: UInt8 = 0
        while reported < processes {
            let count = read(readEnd, &byte, 1)
            if count == 1 {
                reported += 1
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        guard reported == processes else {
            for worker in workers { kill(worker.pid, SIGKILL) }
            for worker in workers { var status: Int32 = 0; waitpid(worker.pid, &status, 0) }
            throw SupervisorError(description: "a worker process exited before it could serve")
        }
        logger.info("workers serving", metadata: ["processes": "\(processes)",
                                                  "pids": "\(workers.map(\.pid))"])
        return workers
    }

    /// Forwards SIGTERM to every worker and waits for them to drain; a second
    /// signal, or the drain timeout passing, kills what is left.
    private func drain(_ workers: inout [Worker], waited: sigset_t) -> Int32 {
        logger.notice("draining", metadata: ["workers": "\(workers.count)"])
        for worker in workers { kill(worker.pid, SIGTERM) }
        // Workers stop themselves at the drain timeout; the grace covers their exit.
        let deadline = monotonicNanoseconds() + nanoseconds(fromSeconds: drainTimeoutSeconds + 2)
        var status: Int32 = 0
        while !workers.isEmpty {
            let now = monotonicNanoseconds()
            guard now < deadline else {
                logger.warning("drain timed out; killing workers", metadata: ["workers": "\(workers.count)"])
                status = 1
                break
            }
            switch take(waited, waitingAtMost: deadline - now) {
            case SIGCHLD:
                _ = reap(&workers)
            case SIGTERM, SIGINT:
                logger.warning("stopping without waiting for the drain")
                status = 1
            default:
                break
            }
            if status != 0 { break }
        }
        for worker in workers { kill(worker.pid, SIGKILL) }
        for worker in workers { var ignored: Int32 = 0; waitpid(worker.pid, &ignored, 0) }
        logger.notice("stopped")
        return status
    }

    /// Collects every worker that has exited, with how it ended.
    private func reap(_ workers: inout [Worker]) -> [(Worker, String)] {
        var ended: [(Worker, String)] = []
        var status: Int32 = 0
        while true {
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else { break }
            guard let index = workers.firstIndex(where: { $0.pid == pid }) else { continue }
            let signalNumber = status & 0x7f
            ended.append((workers.remove(at: index),
                          signalNumber == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(signalNumber)"))
        }
        return ended
    }

    /// The next of `signals` to arrive within `nanoseconds`, or 0.
    private func take(_ signals: sigset_t, waitingAtMost nanoseconds: UInt64) -> Int32 {
        var signals = signals
        var timeout = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        let taken = sigtimedwait(&signals, nil, &timeout)
        return max(0, taken)
    }
}
