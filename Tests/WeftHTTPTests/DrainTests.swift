#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import WeftHTTP

@Suite struct DrainTests {
    /// Runs `drain` on its own thread, as a signal handler would, and reports when it returns.
    private func drainInBackground(_ server: HTTPServer, timeout: Double) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.drain(timeoutSeconds: timeout)
            done.signal()
        }
        return done
    }

    @Test func inFlightRequestFinishesAndReadinessTurns503() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.eventLoops = 1
        let server = HTTPServer(configuration: configuration, router: testRouter())
        try server.start()
        defer { server.stop() }

        let busy = try RawClient(port: server.port)
        busy.send(get("/slow?ms=600"))
        let prober = try RawClient(port: server.port)
        prober.send("GET /readyz HTTP/1.1\r\nHost: t\r\n")  // unfinished until the drain has begun
        usleep(150_000)
        let done = drainInBackground(server, timeout: 5)
        usleep(150_000)

        #expect(server.isDraining)
        // The loop closes its listener when it reads the drain message; give a loaded machine time.
        var refused = false
        let deadline = monotonicSeconds() + 2
        while !refused && monotonicSeconds() < deadline {
            refused = (try? RawClient(port: server.port)) == nil
            if !refused { usleep(20_000) }
        }
        #expect(refused, "new connections must be refused while draining")
        prober.send("\r\n")
        let readiness = try #require(prober.readResponse())
        #expect(readiness.status == 503)
        #expect(readiness.headers["connection"] == "close")

        let finished = try #require(busy.readResponse())
        #expect(finished.status == 200)
        #expect(finished.text == "slow 600")
        // Asked for before the drain, answered after it began: the client must not reuse the connection.
        #expect(finished.headers["connection"] == "close")
        #expect(busy.isClosedByServer())
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func drainGivesUpAtItsTimeout() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, router: testRouter())
        try server.start()
        let stuck = try RawClient(port: server.port)
        stuck.send(get("/slow?ms=2000"))
        usleep(100_000)
        let started = monotonicSeconds()
        server.drain(timeoutSeconds: 0.3)
        let waited = monotonicSeconds() - started
        #expect(waited < 1.9)
        // Not a connection closed without a word: a 503 its client may retry elsewhere.
        let refused = try #require(stuck.readResponse())
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] != nil)
        #expect(refused.headers["connection"] == "close")
        #expect(refused.headers["content-type"] == "application/problem+json")
        #expect(stuck.isClosedByServer())
    }

    @Test func sigtermDrainsTheWeftProcessAndExitsZero() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("weft")
        let binary = try #require(FileManager.default.isExecutableFile(atPath: executable.path) ? executable : nil,
                                  "build the weft executable first (swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })

        let client = try RawClient(port: port)
        // The head is in, the body is not: a request in flight when the signal lands.
        client.send("POST /v1/layout/node HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 23\r\n\r\n")
        usleep(100_000)
        kill(process.processIdentifier, SIGTERM)
        usleep(300_000)
        #expect(process.isRunning)
        client.send(#"{"root":{"type":"box"}}"#)
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        #expect(response.headers["connection"] == "close")

        let deadline = monotonicSeconds() + 10
        while process.isRunning && monotonicSeconds() < deadline { usleep(50_000) }
        #expect(!process.isRunning)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
