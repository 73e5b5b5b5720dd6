// The whole service as a connection drives it, minus the socket: raw request
// bytes go through RequestParser, RequestProcessor (CORS, auth, body decoding,
// compression) and the real routes, and every answer is checked as a client
// would read it. Shared by the targets that fuzz one surface of a request.
import Logging
@testable import WeftHTTP
import WeftJSON
@testable import WeftService
import WeftSync
import WeftText

enum ServiceHarness {
    static let token = "fuzz-token"
    static let origin = "https://app.example"
    static let maxBodyBytes = 1 << 20

    static let processor: RequestProcessor = {
        var configuration = HTTPServerConfiguration()
        configuration.corsOrigins = [origin]
        configuration.authToken = token
        configuration.maxBodyBytes = maxBodyBytes
        let metrics = ServiceMetrics()
        let engine = ContainerEngine(workers: 1, cacheBytes: 1 << 20, textMeasurer: WeftTextMeasurer.shared)
        let router = ServiceRoutes.makeRouter(metrics: metrics, textMeasurer: WeftTextMeasurer.shared, engine: engine)
        return RequestProcessor(router: router, configuration: configuration, observer: metrics,
                                logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
    }()

    /// Starting the service (routes, engine, the first fonts) happens once per
    /// process and is not the cost of the first input.
    static func warmUp() {
        _ = warmedUp
    }

    private static let warmedUp: Bool = {
        let text = Array(#"{"root":{"type":"text","text":"Warm up","font":{"family":"DejaVu Sans","size":14}}}"#.utf8)
        _ = exchange(post("/v1/layout/node", text))
        return true
    }()

    /// One answer as a client reads it.
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    }

    /// Every answer to the requests in `raw`, in order; a request the parser
    /// refuses gets the answer the connection would send before closing.
    static func exchange(_ raw: [UInt8]) -> [Answer] {
        var parser = RequestParser(maxHeaderBytes: 16 * 1024, maxBodyBytes: maxBodyBytes)
        raw.withUnsafeBytes { parser.append($0) }
        var answers: [Answer] = []
        while answers.count < 64, let event = parser.next() {
            switch event {
            case .continueExpected:
                continue
            case .request(let parsed):
                answers.append(read(dispatch(parsed)))
            case .failure(let error):
                fuzzCheck((400..<600).contains(error.status) && error.status != 500, "the parser answered \(error.status)")
                return answers
            }
        }
        return answers
    }

    private static func dispatch(_ parsed: ParsedRequest) -> [UInt8] {
        let head = parsed.head
        var request = HTTPRequest(method: head.method, path: head.path, query: head.query, version: head.version,
                                  headers: head.headers, body: parsed.body)
        request.requestID = "fuzz"
        let context = ResponseContext(
            method: head.method, path: head.path, route: "unmatched", requestID: "fuzz",
            origin: head.headers["origin"], acceptEncoding: head.headers["accept-encoding"], version: head.version,
            closeConnection: false, date: "Thu, 01 Jan 1970 00:00:00 GMT", startedAt: monotonicNanoseconds(),
            requestBytes: parsed.wireBytes)
        switch processor.dispatch(request, context: context) {
        case .immediate(let bytes):
            return bytes
        case .pooled(let work):
            let parts = Protected<[UInt8]>([])
            let end = work { part in parts.withLock { $0.append(contentsOf: part) } }
            return parts.withLock { $0 } + end
        }
    }

    /// Splits serialized bytes into status, headers and body (Content-Length or
    /// chunked), checking the framing a client relies on.
    private static func read(_ bytes: [UInt8]) -> Answer {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headEnd = (0...max(0, bytes.count - 4)).first(where: { bytes[$0..<min(bytes.count, $0 + 4)].elementsEqual(separator) })
        else {
            fuzzCheck(false, "an answer without a complete head")
            return Answer(status: 0, headers: [], body: [])
        }
        let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines[0].split(separator: " ")
        fuzzCheck(statusLine.count >= 2 && statusLine[0] == "HTTP/1.1", "status line \(lines[0])")
        let status = Int(statusLine[1]) ?? 0
        fuzzCheck((100..<600).contains(status), "status \(status)")
        fuzzCheck(status != 500, "a 500 answer: \(String(decoding: bytes.prefix(600), as: UTF8.self))")
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else {
                fuzzCheck(false, "header line without a colon: \(line)")
                continue
            }
            headers.append((line[..<colon].lowercased(), String(line[line.index(after: colon)...].drop { $0 == " " })))
        }
        var answer = Answer(status: status, headers: headers, body: [])
        let rest = Array(bytes[(headEnd + 4)...])
        if status == 204 || status == 304 {
            // RFC 9110 §8.6: no body, and a 204 carries no Content-Length.
            fuzzCheck(rest.isEmpty, "a \(status) answer with a body")
            fuzzCheck(status == 304 || answer.header("content-length") == nil, "a 204 answer with a Content-Length")
        } else if answer.header("transfer-encoding") == "chunked" {
            answer.body = dechunk(rest)
        } else {
            let length = answer.header("content-length").flatMap { Int($0) }
            fuzzCheck(length == rest.count, "content-length \(String(describing: length)) for a \(rest.count)-byte body")
            answer.body = rest
        }
        if let coding = answer.header("content-encoding") {
            fuzzCheck(coding == "gzip" || coding == "deflate", "answered with content-encoding \(coding)")
            guard let contentCoding = ContentCoding(rawValue: coding),
                  let plain = try? Compression.decompress(answer.body, as: contentCoding, limit: 64 << 20) else {
                fuzzCheck(false, "a \(coding) answer that does not decompress")
                return answer
            }
            answer.body = plain
        }
        checkJSON(answer)
        return answer
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var body: [UInt8] = []
        var at = 0
        while true {
            guard let lineEnd = (at..<bytes.count).first(where: { bytes[$0] == 0x0D }),
                  let size = Int(String(decoding: bytes[at..<lineEnd], as: UTF8.self), radix: 16) else {
                fuzzCheck(false, "a malformed chunk size")
                return body
            }
            let start = lineEnd + 2
            if size == 0 {
                fuzzCheck(start + 2 == bytes.count, "bytes after the last chunk")
                return body
            }
            fuzzCheck(start + size + 2 <= bytes.count, "a chunk longer than the answer")
            body += bytes[start..<(start + size)]
            at = start + size + 2
        }
    }

    /// JSON answers parse; NDJSON answers are lines that each parse.
    private static func checkJSON(_ answer: Answer) {
        guard let type = answer.header("content-type") else { return }
        if type.hasPrefix("application/json") || type.hasPrefix("application/problem+json") {
            fuzzCheck((try? JSONValue.parse(answer.body)) != nil, "\(answer.status) \(type) answer is not JSON")
        } else if type.hasPrefix("application/x-ndjson") {
            for line in answer.body.split(separator: 0x0A) {
                fuzzCheck((try? JSONValue.parse(Array(line))) != nil, "an NDJSON line is not JSON")
            }
        }
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` as a JSON number; what JSON cannot say becomes an exponent that overflows.
    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : (value < 0 ? "-1e999" : "1e999")
    }

    /// A POST of `body` to `path` with extra header lines.
    static func post(_ path: String, _ body: [UInt8], headers: [String] = []) -> [UInt8] {
        let head = (["POST \(path) HTTP/1.1", "Host: weft", "Authorization: Bearer \(token)",
                     "Content-Type: application/json", "Content-Length: \(body.count)"] + headers).joined(separator: "\r\n")
        return Array((head + "\r\n\r\n").utf8) + body
    }
}
