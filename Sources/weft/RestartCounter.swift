#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// How many worker processes the supervisor has restarted, in a page of shared
/// memory: the supervisor adds to it, and every worker reads it for /metrics, so
/// any worker reports the same total however long it has lived.
final class RestartCounter: @unchecked Sendable {  // The pointer only ever reaches atomic memory.
    let fd: Int32
    private let count: UnsafeMutablePointer<Atomic<Int>>

    /// A new counter at zero, for the supervisor.
    static func create() throws -> RestartCounter {
        let name = "/weft-restarts-\(getpid())"
        let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw SupervisorError.system("shm_open") }
        shm_unlink(name)
        guard ftruncate(fd, off_t(MemoryLayout<Atomic<Int>>.size)) == 0 else {
            close(fd)
            throw SupervisorError.system("ftruncate")
        }
        return try RestartCounter(fd: try WorkerHandoff.liftAboveFixedNumbers(fd), writable: true)
    }

    /// The counter in shared memory `fd`; workers map it read-only, so none can change the count.
    init(fd: Int32, writable: Bool) throws {
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        guard let memory = mmap(nil, MemoryLayout<Atomic<Int>>.size, protection, MAP_SHARED, fd, 0),
              memory != MAP_FAILED else {
            throw SupervisorError.system("mmap")
        }
        self.fd = fd
        // ftruncate zero-filled the page, and zero bytes are an Atomic<Int> holding 0.
        count = memory.bindMemory(to: Atomic<Int>.self, capacity: 1)
    }

    func increment() {
        count.pointee.add(1, ordering: .relaxed)
    }

    var value: Int { count.pointee.load(ordering: .relaxed) }
}
