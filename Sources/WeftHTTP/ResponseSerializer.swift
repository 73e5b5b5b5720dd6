/// Writes a response's status line, headers and body as HTTP/1.1 bytes.
enum ResponseSerializer {
    static func serialize(_ response: HTTPResponse, date: String, closeConnection: Bool,
                          keepAliveForHTTP10: Bool, omitBody: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160 + response.headers.fields.count * 40 + (omitBody ? 0 : response.body.count))
        appendStatusAndHeaders(response, to: &bytes)
        if hasBodyFraming(response.status) {
            append("content-length: ", to: &bytes)
            append(String(response.body.count), to: &bytes)
            append("\r\n", to: &bytes)
        }
        append("date: ", to: &bytes)
        append(date, to: &bytes)
        if closeConnection {
            append("\r\nconnection: close", to: &bytes)
        } else if keepAliveForHTTP10 {
            append("\r\nconnection: keep-alive", to: &bytes)
        }
        append("\r\n\r\n", to: &bytes)
        if !omitBody && hasBodyFraming(response.status) {
            bytes.append(contentsOf: response.body)
        }
        return bytes
    }

    /// The head of a streamed response: `transfer-encoding: chunked` instead
    /// of a length; the chunks and the last chunk follow separately.
    static func serializeChunkedHead(_ response: HTTPResponse, date: String, closeConnection: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        appendStatusAndHeaders(response, to: &bytes)
        append("transfer-encoding: chunked\r\ndate: ", to: &bytes)
        append(date, to: &bytes)
        if closeConnection { append("\r\nconnection: close", to: &bytes) }
        append("\r\n\r\n", to: &bytes)
        return bytes
    }

    /// The status line and the handler's own headers; framing headers are the
    /// serializer's to write, so the handler's are dropped.
    private static func appendStatusAndHeaders(_ response: HTTPResponse, to bytes: inout [UInt8]) {
        append("HTTP/1.1 ", to: &bytes)
        append(String(response.status), to: &bytes)
        bytes.append(0x20)
        append(StatusReason.phrase(response.status), to: &bytes)
        append("\r\n", to: &bytes)
        for field in response.headers.fields where !isFramingHeader(field.name) {
            append(field.name, to: &bytes)
            append(": ", to: &bytes)
            append(field.value, to: &bytes)
            append("\r\n", to: &bytes)
        }
    }

    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// 1xx, 204 and 304 carry no body and no Content-Length (RFC 9110 §8.6).
    private static func hasBodyFraming(_ status: Int) -> Bool {
        !(status < 200 || status == 204 || status == 304)
    }

    private static func isFramingHeader(_ name: String) -> Bool {
        name == "content-length" || name == "transfer-encoding" || name == "connection" || name == "date"
    }

    @inline(__always)
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
