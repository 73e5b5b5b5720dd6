import Foundation
import Testing
import WeftHTTP

/// TLS checked from outside: a certificate made by the openssl CLI, a client that is curl.
@Suite struct TLSTests {
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func makeCertificate() throws -> (certificate: String, key: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let made = try run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        try #require(made.status == 0, "openssl failed: \(made.output)")
        return (certificate, key)
    }

    @Test func curlTalksHTTP11OverTLS12AndUp() throws {
        let files = try makeCertificate()
        try withServer({ $0.tls = TLSFiles(certificatePath: files.certificate, privateKeyPath: files.key) }) { server in
            let url = "https://127.0.0.1:\(server.port)/healthz"
            let fetched = try run("/usr/bin/curl", [
                "-sS", "--cacert", files.certificate, "-w", "\n%{http_code} %{http_version}", url, url,
            ])
            #expect(fetched.status == 0, "\(fetched.output)")
            #expect(fetched.output.contains(#"{"status":"ok"}"#))
            #expect(fetched.output.hasSuffix("200 1.1"))

            let withHTTP2 = try run("/usr/bin/curl", [
                "-sS", "--http2", "--cacert", files.certificate, "-o", "/dev/null", "-w", "%{http_version}", url,
            ])
            #expect(withHTTP2.output == "1.1", "ALPN must settle on http/1.1")

            let oldTLS = try run("/usr/bin/curl", [
                "-sS", "--tlsv1.1", "--tls-max", "1.1", "--cacert", files.certificate, url,
            ])
            #expect(oldTLS.status != 0, "TLS 1.1 must be refused")

            let posted = try run("/usr/bin/curl", [
                "-sS", "--cacert", files.certificate, "-H", "Content-Type: application/json", "--data-binary",
                #"{"root":{"type":"box"}}"#, "https://127.0.0.1:\(server.port)/v1/layout/node",
            ])
            #expect(posted.output.contains(#""size""#))
        }
    }

    @Test func badKeyFilesFailAtStart() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.tls = TLSFiles(certificatePath: "/nonexistent/cert.pem", privateKeyPath: "/nonexistent/key.pem")
        let server = HTTPServer(configuration: configuration, router: Router())
        #expect(throws: HTTPServerError.self) { try server.start() }
    }
}
