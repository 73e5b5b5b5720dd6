import Foundation
import Testing
import WeftHTTP

/// TLS checked from outside: a certificate made by the openssl CLI, a client that is curl.
@Suite struct TLSTests {
    @Test func curlTalksHTTP11OverTLS12AndUp() throws {
        try withSelfSignedCertificate { files in
            let tls = TLSFiles(certificatePath: files.certificatePath, privateKeyPath: files.keyPath)
            try withServer({ $0.tls = tls }) { server in
                let url = "https://127.0.0.1:\(server.port)/healthz"
                let fetched = try runExternal("/usr/bin/curl", [
                    "-sS", "--cacert", files.certificatePath, "-w", "\n%{http_code} %{http_version}", url, url,
                ])
                #expect(fetched.status == 0, "\(fetched.output)")
                #expect(fetched.output.contains(#"{"status":"ok"}"#))
                #expect(fetched.output.hasSuffix("200 1.1"))

                let withHTTP2 = try runExternal("/usr/bin/curl", [
                    "-sS", "--http2", "--cacert", files.certificatePath, "-o", "/dev/null", "-w", "%{http_version}", url,
                ])
                #expect(withHTTP2.output == "1.1", "ALPN must settle on http/1.1")

                // The image's health check, over TLS.
                let weft = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                    .appendingPathComponent("weft").path
                let probed = try runExternal(weft, ["probe", url])
                #expect(probed.status == 0, "\(probed.output)")
                let plain = try runExternal(weft, ["probe", "http://127.0.0.1:\(server.port)/healthz"])
                #expect(plain.status == 1, "plain HTTP to a TLS port: \(plain.output)")

                let oldTLS = try runExternal("/usr/bin/curl", [
                    "-sS", "--tlsv1.1", "--tls-max", "1.1", "--cacert", files.certificatePath, url,
                ])
                #expect(oldTLS.status != 0, "TLS 1.1 must be refused")

                let posted = try runExternal("/usr/bin/curl", [
                    "-sS", "--cacert", files.certificatePath, "-H", "Content-Type: application/json", "--data-binary",
                    #"{"root":{"type":"box"}}"#, "https://127.0.0.1:\(server.port)/v1/layout/node",
                ])
                #expect(posted.output.contains(#""size""#))
            }
        }
    }

    /// Over the connection limit a TLS listener closes the connection: a
    /// cleartext 503 on a port that speaks TLS reaches no client.
    @Test func aConnectionOverTheLimitGetsNoCleartext() throws {
        try withSelfSignedCertificate { files in
            let tls = TLSFiles(certificatePath: files.certificatePath, privateKeyPath: files.keyPath)
            try withServer({ $0.tls = tls; $0.maxConnections = 1 }) { server in
                let held = try RawClient(port: server.port)
                usleep(100_000)
                // Closed with no byte sent (a byte read first would not be a close).
                #expect(try RawClient(port: server.port).isClosedByServer())
                withExtendedLifetime(held) {}
            }
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
