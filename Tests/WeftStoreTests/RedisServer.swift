import Foundation
import WeftStore

/// Debian's redis-server on 127.0.0.1 and a free port, with nothing saved to
/// disk; stopped (or killed) by the test that started it.
final class RedisServer {
    let port: Int
    /// What redis-server is started with besides the port and no persistence.
    private let settings: [String]
    private var process: Process?

    /// `settings`: redis-server options, `--requirepass secret` say.
    init(settings: [String] = []) throws {
        port = try freeLoopbackPort()
        self.settings = settings
        try start()
    }

    deinit { stop() }

    var address: CellStoreAddress { CellStoreAddress(host: "127.0.0.1", port: port) }

    /// Starts it again on the same port (after `kill`), and waits until it answers.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--daemonize", "no", "--loglevel", "warning"] + settings
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let started = Date()
        while Date().timeIntervalSince(started) < 10 {
            if (try? cli("PING")).map({ $0 == "PONG" || $0.contains("NOAUTH") }) == true { return }
            usleep(20_000)
        }
        throw RedisServerError.notAnswering
    }

    /// SIGKILL: the store vanishes without closing anything politely. (Also how
    /// it is stopped: a child spawned from the test process inherits its blocked
    /// signal mask, SIGTERM included, and SIGKILL cannot be blocked.)
    func kill() {
        guard let process else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    func stop() { kill() }

    /// Runs one command through redis-cli (for what the store itself never
    /// sends, like CLIENT PAUSE), and gives its reply as redis-cli prints it.
    @discardableResult
    func cli(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
        process.arguments = ["-h", "127.0.0.1", "-p", String(port)] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return reply.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

enum RedisServerError: Error { case notAnswering, noPort }

/// A port nothing listens on now: bound to 0, read back, released.
func freeLoopbackPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
            bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
        }
    }
    guard bound else { throw RedisServerError.noPort }
    return Int(UInt16(bigEndian: address.sin_port))
}

func secondsSince(_ start: Date) -> Double { Date().timeIntervalSince(start) }
