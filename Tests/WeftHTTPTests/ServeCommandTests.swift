import Foundation
import Testing

@Suite struct ServeCommandTests {
    @Test func helpListsEveryFlagWithItsVariableAndDefault() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weft")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the weft executable first")
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
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weft")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the weft executable first")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve"]
        process.environment = ["WEFT_PORT": "0", "WEFT_AUTH_TOKEN": "from-env", "WEFT_CORS_ORIGIN": "https://a.example",
                               "WEFT_LOG_LEVEL": "error"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.hasPrefix("weft listening on http://127.0.0.1:"))
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let client = try RawClient(port: port)
        client.send(get("/metrics", headers: ["Origin: https://a.example"]))
        let refused = try #require(client.readResponse())
        #expect(refused.status == 401)
        #expect(refused.headers["access-control-allow-origin"] == "https://a.example")
        client.send(get("/metrics", headers: ["Authorization: Bearer from-env"]))
        #expect(client.readResponse()?.status == 200)
    }

    @Test func aCellStoreThatIsNotARedisURLIsRefusedAtStart() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("weft")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the weft executable first")
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
}
