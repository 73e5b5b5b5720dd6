import Foundation
import WeftStore

/// The shared cell store against a running Redis: one lookup, one batch
/// lookup of N cells (what a request with N refs would cost), one pipelined
/// write of N cells, and a lookup while nothing listens (the degraded path).
///
///     redis-server --port 6390 --save '' --appendonly no &
///     WeftBench store redis://127.0.0.1:6390 [keys] [bytes] [runs]
enum StoreBenchmark {
    static func run(arguments: [String]) {
        guard let url = arguments.first, let address = try? CellStoreAddress(parsing: url) else {
            print("usage: WeftBench store redis://HOST:PORT[/DB] [keys] [bytes] [runs]")
            exit(2)
        }
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
        let size = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000
        let runs = arguments.count > 3 ? Int(arguments[3]) ?? 50 : 50
        let store = CellStore(CellStoreConfiguration(address: address, timeoutMilliseconds: 1000))
        guard store.ping() else {
            print("no Redis answers at \(address)")
            exit(1)
        }
        let keys = (0..<count).map { "c1bench\($0)" }
        let value = [UInt8](repeating: 0x7B, count: size)
        let write = Stopwatch.measure(runs: runs) { store.set(keys.map { ($0, value) }) }
        let one = Stopwatch.measure(runs: runs * 20) { store.get(keys[0]) }
        let batch = Stopwatch.measure(runs: runs) { store.get(keys) }
        let found = store.get(keys).reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        print("store \(address): \(count) cells of \(size) bytes, medians of \(runs) runs (wall ms / this thread's CPU ms)")
        print(String(format: "  get 1 cell              %.3f / %.3f", one.wall * 1e3, one.cpu * 1e3))
        print(String(format: "  get %d cells (MGET)   %.3f / %.3f  (%d found)", count, batch.wall * 1e3, batch.cpu * 1e3, found))
        print(String(format: "  set %d cells (pipelined) %.3f / %.3f", count, write.wall * 1e3, write.cpu * 1e3))

        let closed = CellStore(CellStoreConfiguration(
            address: CellStoreAddress(host: "127.0.0.1", port: 1), timeoutMilliseconds: 20))
        let refused = Stopwatch.measure(runs: 1) { closed.get(keys) }
        let backingOff = Stopwatch.measure(runs: runs) { closed.get(keys) }
        print(String(format: "  nothing listening: first get %.3f ms, later gets (in backoff) %.4f ms",
                     refused.fastestWall * 1e3, backingOff.wall * 1e3))
    }
}
