import Foundation
import Testing

@Suite struct ServeCommandTests {
    /// The `weft` executable built beside the test bundle.
    private static func weftBinary() throws -> URL {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weft")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the weft executable first")
        return binary
    }

    /// Runs `process`, set up to start `weft serve` on port 0: the line it
    /// prints when it listens, and the port that line names. The caller stops it.
    private static func start(_ process: Process) throws -> (line: String, port: Int) {
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            process.terminate()
            process.waitUntilExit()
            throw TestFailure("weft serve printed no port: \(line)")
        }
        return (line, port)
    }

    @Test func helpListsEveryFlagWithItsVariableAndDefault() throws {
        let binary = try Self.weftBinary()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let help = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for expected in ["--host", "WEFT_HOST", "127.0.0.1", "--port", "WEFT_PORT", "8080", "--max-header-bytes",
                         "16384", "--max-body-bytes", "8388608", "--read-timeout", "--idle-timeout", "--drain-timeout",
                         "--max-connections", "1024", "--workers", "--queue-depth", "--tls-cert", "--tls-key",
                         "--cors-origin", "--auth-token", "WEFT_AUTH_TOKEN", "--log-level", "--cell-store", "WEFT_CELL_STORE",
                         "--cell-store-timeout-ms", "WEFT_CELL_STORE_TIMEOUT_MS", "--processes", "WEFT_PROCESSES",
                         "--request-timeout", "WEFT_REQUEST_TIMEOUT"] {
            #expect(help.contains(expected), "help lacks \(expected)")
        }
    }

    @Test func environmentVariablesConfigureTheServer() throws {
        let binary = try Self.weftBinary()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve"]
        process.environment = ["WEFT_PORT": "0", "WEFT_AUTH_TOKEN": "from-env", "WEFT_CORS_ORIGIN": "https://a.example",
                               "WEFT_LOG_LEVEL": "error"]
        let (line, port) = try Self.start(process)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        #expect(line.hasPrefix("weft listening on http://127.0.0.1:"))
        let client = try RawClient(port: port)
        client.send(get("/metrics", headers: ["Origin: https://a.example"]))
        let refused = try #require(client.readResponse())
        #expect(refused.status == 401)
        #expect(refused.headers["access-control-allow-origin"] == "https://a.example")
        client.send(get("/metrics", headers: ["Authorization: Bearer from-env"]))
        #expect(client.readResponse()?.status == 200)
    }

    /// Under an open-file limit too low for --max-connections, the server
    /// admits what fits and refuses the rest with a 503, where connections
    /// past the descriptors it has used to wait in the backlog unanswered.
    @Test func connectionsPastTheOpenFileLimitAreRefused() throws {
        let binary = try Self.weftBinary()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 200 && exec \"$0\" serve --port 0 --log-level error", binary.path]
        let (_, port) = try Self.start(process)
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // More connections than 200 descriptors hold; each asks for /healthz.
        var clients: [RawClient] = []
        for _ in 0..<220 {
            let client = try RawClient(port: port)
            client.send(get("/healthz"))
            clients.append(client)
        }
        let statuses = clients.map { $0.readResponse()?.status }
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses.filter { $0 != 200 && $0 != 503 }.count) unanswered")
        #expect(statuses.contains(503))
    }

    @Test func aCellStoreThatIsNotARedisURLIsRefusedAtStart() throws {
        let binary = try Self.weftBinary()
        for arguments in [["--cell-store", "http://cache:6379"], ["--cell-store", "redis://cache:6379", "--cell-store-timeout-ms", "0"]] {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["serve", "--port", "0"] + arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus != 0, "\(arguments)")
            #expect(message.contains("cell-store") || message.contains("redis://"), "\(message)")
        }
    }

    /// A number out of its range is refused at start (exit 64, the flag named,
    /// then `weft serve`'s own usage), whether it comes as a flag or from the
    /// environment: none may wrap, disable a limit by being 0 or negative, or
    /// overflow a timer.
    @Test(arguments: [
        (["--port=70000"], [:]), (["--port=-1"], [:]), ([], ["WEFT_PORT": "131152"]),
        (["--request-timeout=1e300"], [:]), (["--request-timeout=inf"], [:]), (["--read-timeout=0"], [:]),
        (["--read-timeout=nan"], [:]), ([], ["WEFT_READ_TIMEOUT": "-1"]), (["--idle-timeout=0"], [:]),
        (["--drain-timeout=-1"], [:]), (["--max-connections=0"], [:]), (["--max-header-bytes=0"], [:]),
        (["--max-body-bytes=-1"], [:]), (["--workers=0"], [:]), (["--event-loops=0"], [:]), (["--queue-depth=-1"], [:]),
        (["--auth-token="], [:]), ([], ["WEFT_AUTH_TOKEN": ""]), (["--cache-mb=99999999999"], [:]),
        (["--processes=0"], [:]),
        // A negative number as the next argument is the flag's value, not a missing one.
        (["--queue-depth", "-1"], [:]), (["--port", "-1"], [:]), (["--drain-timeout", "-1"], [:]),
        // An origin no browser sends would never match.
        (["--cors-origin=https://app.example/"], [:]), ([], ["WEFT_CORS_ORIGIN": "https://App.example"]),
        (["--cors-origin="], [:]), (["--cors-origin=https://app.example:443"], [:]),
        // A certificate that cannot be loaded, before any worker process starts.
        (["--tls-cert=/nonexistent/cert.pem", "--tls-key=/nonexistent/key.pem"], [:]),
    ] as [([String], [String: String])])
    func aValueOutOfItsRangeIsRefusedAtStart(arguments: [String], environment: [String: String]) throws {
        let binary = try Self.weftBinary()
        let process = Process()
        process.executableURL = binary
        // A free port unless the case is about the port: a flag would win over its variable.
        let portGiven = arguments.contains { $0.hasPrefix("--port") } || environment["WEFT_PORT"] != nil
        process.arguments = ["serve"] + (portGiven ? [] : ["--port", "0"]) + arguments
        process.environment = environment.merging(["WEFT_LOG_LEVEL": "error"]) { mine, _ in mine }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        // A value wrongly accepted starts a server: stop it rather than wait forever.
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: watchdog)
        defer { watchdog.cancel() }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64, "\(arguments) \(environment): \(message)")
        let flag = (arguments.first ?? environment.keys.first!).split(separator: "=")[0]
        let name = flag.hasPrefix("--") ? String(flag) : "--" + flag.dropFirst("WEFT_".count).lowercased().replacingOccurrences(of: "_", with: "-")
        #expect(message.contains(name), "\(message)")
        #expect(message.contains("Usage: weft serve"), "\(message)")
        if arguments.last == "-1" { #expect(message.contains("must be from"), "\(message)") }
    }

    /// `weft probe`: 0 on a 200, else 1 with the reason on stderr, over HTTP and TLS.
    @Test func probeSaysWhyItFails() throws {
        let binary = try Self.weftBinary()
        try withServer { server in
            let healthy = try runExternal(binary.path, ["probe", "http://127.0.0.1:\(server.port)/healthz"])
            #expect(healthy.status == 0, "\(healthy.output)")
            let missing = try runExternal(binary.path, ["probe", "http://127.0.0.1:\(server.port)/nope"])
            #expect(missing.status == 1 && missing.output.contains("answered 404"), "\(missing.output)")
            let notTLS = try runExternal(binary.path, ["probe", "https://127.0.0.1:\(server.port)/healthz"])
            #expect(notTLS.status == 1 && notTLS.output.contains("TLS"), "\(notTLS.output)")
        }
        let unbounded = try runExternal(binary.path, ["probe", "--timeout", "0", "http://127.0.0.1:1/healthz"])
        #expect(unbounded.status == 64, "\(unbounded.output)")
    }

    /// The scheme in any case, a bracketed IPv6 host (where the machine has
    /// IPv6 loopback), and one timeout for the whole answer: a server that
    /// trickles its status line a byte at a time fails the probe.
    @Test func probeReadsAnyURLAndBoundsTheWholeAnswer() throws {
        let binary = try Self.weftBinary()
        try withServer { server in
            let upper = try runExternal(binary.path, ["probe", "HTTP://127.0.0.1:\(server.port)/healthz"])
            #expect(upper.status == 0, "\(upper.output)")
        }
        _ = try? withServer({ $0.host = "::1" }) { server in
            let v6 = try runExternal(binary.path, ["probe", "http://[::1]:\(server.port)/healthz"])
            #expect(v6.status == 0, "\(v6.output)")
        }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        try #require(bound && listen(listener, 1) == 0)
        let trickler = Thread {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            var request = [UInt8](repeating: 0, count: 1024)
            _ = recv(connection, &request, request.count, 0)
            for byte in Array("HTTP/1.1 200 OK\r\n\r\n".utf8) {
                var one = byte
                guard send(connection, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                usleep(300_000)
            }
        }
        trickler.start()
        let trickled = try runExternal(binary.path, ["probe", "--timeout", "1", "http://127.0.0.1:\(address.sin_port.bigEndian)/"])
        #expect(trickled.status == 1 && trickled.output.contains("within 1 s"), "\(trickled.output)")
    }
}
