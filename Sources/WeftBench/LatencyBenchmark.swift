import Foundation
import WeftHTTP
import WeftSync
import WeftService

/// While feed-N container requests run back to back on one connection, small
/// `/v1/layout/node` requests go out one at a time on another; their
/// latencies' p50 and p99 show whether the big request stalls them.
/// A real server on 127.0.0.1 and a free port, in process.
struct LatencyBenchmark {
    let options: BenchOptions

    func run() {
        let feed = CellsBenchmark.feed(options, cells: options.streamCells, form: "stack")
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.maxBodyBytes = 64 << 20
        let engine = ContainerEngine(workers: configuration.workers, cacheBytes: 0, textMeasurer: nil)
        let server = HTTPServer(
            configuration: configuration, router: ServiceRoutes.makeRouter(engine: engine), observer: nil)
        do { try server.start() } catch {
            print("cannot start the server: \(error)")
            return
        }
        defer { server.stop() }
        let port = server.port
        let small = Array(#"{"sizeRange":{"max":{"width":375}},"root":{"type":"stack","direction":"horizontal","spacing":8,"children":[{"type":"box","style":{"preferredSize":{"width":44,"height":44}}},{"type":"box","style":{"flexGrow":1,"height":60}}]}}"#.utf8)

        let idle = samples(port: port, body: small, path: "/v1/layout/node", count: 200)
        let stop = Flag()
        let bigTimes = Protected<[Double]>([])
        let background = Thread {
            guard let client = try? BenchClient(port: port) else { return }
            while !stop.isSet {
                let t0 = Date()
                guard client.post("/v1/layout", feed) == 200 else { return }
                bigTimes.withLock { $0.append(Date().timeIntervalSince(t0)) }
            }
        }
        background.start()
        Thread.sleep(forTimeInterval: 0.2)
        let busy = samples(port: port, body: small, path: "/v1/layout/node", count: 400)
        stop.set()
        Thread.sleep(forTimeInterval: 0.1)
        let big = bigTimes.withLock { $0 }.sorted()
        print("server: \(configuration.workers) request workers, \(cores) cores; feed-\(options.streamCells) is \(feed.count) bytes")
        print(String(format: "node requests idle:                p50 %6.2f ms  p99 %6.2f ms", idle.p50 * 1000, idle.p99 * 1000))
        print(String(format: "node requests during feed-%d: p50 %6.2f ms  p99 %6.2f ms (%d feed requests, median %.0f ms)",
                     options.streamCells, busy.p50 * 1000, busy.p99 * 1000, big.count,
                     big.isEmpty ? 0 : big[big.count / 2] * 1000))
    }

    private func samples(port: Int, body: [UInt8], path: String, count: Int) -> (p50: Double, p99: Double) {
        guard let client = try? BenchClient(port: port) else { return (0, 0) }
        var times: [Double] = []
        for _ in 0..<count {
            let t0 = Date()
            guard client.post(path, body) == 200 else { break }
            times.append(Date().timeIntervalSince(t0))
            Thread.sleep(forTimeInterval: 0.002)
        }
        times.sort()
        guard !times.isEmpty else { return (0, 0) }
        return (times[times.count / 2], times[min(times.count - 1, Int(Double(times.count) * 0.99))])
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}

/// A blocking keep-alive HTTP/1.1 client for Content-Length answers.
final class BenchClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw CocoaError(.fileReadUnknown) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Sends a POST and reads the answer; its status, or 0 when the connection failed.
    func post(_ path: String, _ body: [UInt8]) -> Int {
        let head = "POST \(path) HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        guard send(Array(head.utf8) + body) else { return 0 }
        guard let headEnd = fill(until: { $0.firstRange(of: [13, 10, 13, 10]).map(\.upperBound) }) else { return 0 }
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self).lowercased()
        let status = Int(headText.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in headText.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        buffer.removeFirst(headEnd)
        guard fill(until: { $0.count >= length ? length : nil }) != nil else { return 0 }
        buffer.removeFirst(length)
        return status
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    private func fill(until done: ([UInt8]) -> Int?) -> Int? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let result = done(buffer) { return result }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}
