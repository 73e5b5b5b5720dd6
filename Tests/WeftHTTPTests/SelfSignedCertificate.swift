import Foundation
import Testing

/// A self-signed certificate for localhost and 127.0.0.1, made by openssl in
/// a directory of its own that `withSelfSignedCertificate` removes after the
/// test, so that test runs leave no keys behind in the temporary directory.
struct SelfSignedCertificate {
    let certificatePath: String
    let keyPath: String
}

func withSelfSignedCertificate(_ body: (SelfSignedCertificate) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weft-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = SelfSignedCertificate(
        certificatePath: directory.appendingPathComponent("cert.pem").path,
        keyPath: directory.appendingPathComponent("key.pem").path)
    let made = try runExternal("/usr/bin/openssl", [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", files.keyPath, "-out", files.certificatePath, "-days", "1", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ])
    try #require(made.status == 0, "openssl failed: \(made.output)")
    try body(files)
}
