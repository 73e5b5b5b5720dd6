/// The request line and header section of one request (RFC 9112 §3, §5).
struct RequestHead: Sendable {
    var method: String
    var path: String
    var query: String
    var version: HTTPVersion
    var headers: HTTPHeaders
}

/// Parses a complete header section (without its final empty line).
/// Strict on purpose: every ambiguity a proxy in front might read differently
/// is refused, since such differences are what request smuggling exploits.
enum RequestHeadParser {
    static let maxHeaderCount = 128

    static func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> RequestHead {
        var lines = LineSplitter(bytes)
        guard let requestLine = try lines.next() else { throw .badRequest("empty request line") }
        var head = try parseRequestLine(requestLine)
        head.headers.reserveCapacity(8)
        var count = 0
        while let line = try lines.next() {
            count += 1
            if count > maxHeaderCount {
                throw HTTPParseError(status: 431, detail: "more than \(maxHeaderCount) header fields")
            }
            let (name, value) = try parseField(line)
            head.headers.add(lowercasedName: name, value)
        }
        return head
    }

    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> RequestHead {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .badRequest("malformed request line")
        }
        guard parts[0].allSatisfy(isTokenByte) else { throw .badRequest("malformed method") }
        // The version first: HTTP/2's preface (`PRI * HTTP/2.0`) is a version this port does not serve.
        let version = try parseVersion(parts[2])
        guard HTTPMethod.isStandard(parts[0]) else {
            throw HTTPParseError(status: 501, detail: "the request method is not implemented")
        }
        let (path, query) = try parseTarget(parts[1], method: parts[0])
        return RequestHead(method: String(decoding: parts[0], as: UTF8.self), path: path, query: query,
                           version: version, headers: HTTPHeaders())
    }

    static func parseVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        let text = Array(bytes)
        guard text.count == 8, text[0..<5].elementsEqual("HTTP/".utf8), text[6] == UInt8(ascii: "."),
              isDigit(text[5]), isDigit(text[7]) else {
            throw .badRequest("malformed HTTP version")
        }
        let version = HTTPVersion(major: Int(text[5] - 48), minor: Int(text[7] - 48))
        guard version.major == 1 else {
            throw HTTPParseError(status: 505, detail: "only HTTP/1.x is served on this port")
        }
        return version
    }

    static func parseTarget(_ bytes: ArraySlice<UInt8>, method: ArraySlice<UInt8>)
        throws(HTTPParseError) -> (path: String, query: String) {
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("request target has a character outside visible ASCII")
        }
        // A fragment stays in the client (RFC 9112 §3.2): no request target has one.
        guard !bytes.contains(UInt8(ascii: "#")) else { throw .badRequest("request target has a fragment (#)") }
        var target = bytes
        if target.first != UInt8(ascii: "/") {
            if target.elementsEqual("*".utf8) && method.elementsEqual("OPTIONS".utf8) {
                return ("*", "")
            }
            // Absolute form (RFC 9112 §3.2.2) is what proxies send; keep its path.
            let lowered = String(decoding: target, as: UTF8.self).lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                throw .badRequest("request target must be a path")
            }
            let afterScheme = target.index(target.startIndex, offsetBy: lowered.hasPrefix("http://") ? 7 : 8)
            guard let slash = target[afterScheme...].firstIndex(of: UInt8(ascii: "/")) else {
                return ("/", "")
            }
            target = target[slash...]
        }
        if let mark = target.firstIndex(of: UInt8(ascii: "?")) {
            return (PercentDecoding.normalizedPath(target[..<mark]),
                    String(decoding: target[(mark + 1)...], as: UTF8.self))
        }
        return (PercentDecoding.normalizedPath(target), "")
    }

    static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (String, String) {
        if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            throw .badRequest("obsolete line folding is not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest("header line without a colon")
        }
        let name = line[..<colon]
        // Whitespace before the colon must be refused (RFC 9112 §5.1).
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw .badRequest("malformed header field name")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .badRequest("header field value has a control character")
        }
        return (lowercasedASCII(name), String(decoding: value, as: UTF8.self))
    }

    /// A field name is all tchar, hence ASCII: lowercasing its bytes is exact and
    /// saves `String.lowercased()` on every capitalised name clients send.
    static func lowercasedASCII(_ bytes: ArraySlice<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() {
                buffer[offset] = byte &- 0x41 < 26 ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// tchar from RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

/// Splits a header section into lines ended by CRLF. A bare CR or LF is
/// refused: accepting a bare LF where another hop does not is a smuggling vector.
struct LineSplitter {
    private var rest: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

    mutating func next() throws(HTTPParseError) -> ArraySlice<UInt8>? {
        if rest.isEmpty { return nil }
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == 0x0D {
                guard index + 1 < rest.endIndex, rest[index + 1] == 0x0A else {
                    throw .badRequest("bare CR in the header section")
                }
                let line = rest[rest.startIndex..<index]
                rest = rest[(index + 2)...]
                return line
            }
            if byte == 0x0A || byte == 0 { throw .badRequest("bare LF or NUL in the header section") }
            index += 1
        }
        let line = rest
        rest = rest[rest.endIndex...]
        return line
    }
}

extension RequestHead {
    /// Whether a `Host` value is `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC
    /// 3986 §3.2.2): a bracketed IP literal, or a name of unreserved,
    /// percent-encoded and sub-delimiter characters (an IPv4 address is one),
    /// then digits after a colon. Empty is allowed, as for a request target
    /// without an authority.
    static func isValidHost(_ value: String) -> Bool {
        var bytes = Array(value.utf8)[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = bytes[bytes.index(after: bytes.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy(isIPLiteralByte) else { return false }
            bytes = bytes[bytes.index(after: close)...]
        } else {
            let name = bytes.prefix { $0 != UInt8(ascii: ":") }
            guard name.allSatisfy(isNameByte) else { return false }
            bytes = bytes[name.endIndex...]
        }
        guard let colon = bytes.first else { return true }
        return colon == UInt8(ascii: ":") && bytes.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
    }

    /// unreserved, sub-delims and the `%` of a percent-encoding (RFC 3986 §2).
    private static func isNameByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "-._~!$&'()*+,;=%".utf8.contains(b)
        }
    }

    /// Hex digits, colons and dots (IPv6 and IPvFuture literals, RFC 3986 §3.2.2).
    private static func isIPLiteralByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x46, 0x61...0x66, UInt8(ascii: ":"), UInt8(ascii: "."): return true
        default: return false
        }
    }
}
