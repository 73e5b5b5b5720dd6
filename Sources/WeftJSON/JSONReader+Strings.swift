/// An object key as read: a view into the body when it has no escapes (the
/// usual case, so matching a key allocates nothing), else its decoded text.
public struct JSONKey {
    /// The key's bytes in the body, between the quotes, escapes as written.
    public let raw: UnsafeBufferPointer<UInt8>
    /// The decoded bytes when the key has escapes; nil otherwise.
    public let unescaped: [UInt8]?

    @inlinable init(raw: UnsafeBufferPointer<UInt8>, unescaped: [UInt8]?) {
        self.raw = raw
        self.unescaped = unescaped
    }

    /// Calls `body` with the key's UTF-8 bytes.
    @inline(__always)
    @inlinable public func withUTF8<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let unescaped { return unescaped.withUnsafeBufferPointer(body) }
        return body(raw)
    }

    /// The key as a string.
    public var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    /// Keys starting with `x-` are reserved for clients and ignored.
    @inlinable public var isExtension: Bool {
        withUTF8 { $0.count >= 2 && $0[0] == UInt8(ascii: "x") && $0[1] == UInt8(ascii: "-") }
    }
}

extension JSONReader {
    /// Reads the next value as a string (escapes decoded).
    @inlinable public mutating func readString() throws(RequestError) -> String {
        guard peekByte() == UInt8(ascii: "\"") else { throw syntaxError("expected a string") }
        let start = offset + 1
        let (end, escaped) = try scanStringBody()
        if let escaped { return String(decoding: escaped, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    @inlinable mutating func skipString() throws(RequestError) {
        guard peekByte() == UInt8(ascii: "\"") else { throw syntaxError("expected a string") }
        _ = try scanStringBody()
    }

    /// Reads a string at the reader's position as a key: its bytes in the
    /// body, decoded only when it has escapes.
    @inlinable public mutating func scanKey() throws(RequestError) -> JSONKey {
        let start = offset + 1
        let (end, escaped) = try scanStringBody()
        return JSONKey(raw: UnsafeBufferPointer(rebasing: bytes[start..<end]), unescaped: escaped)
    }

    /// With `offset` at the opening quote: consumes the string and returns
    /// where its raw content ends, plus the decoded bytes if it had escapes.
    /// Validates UTF-8 strictly (no overlong forms, no surrogates, nothing past U+10FFFF).
    @inlinable public mutating func scanStringBody() throws(RequestError) -> (end: Int, escaped: [UInt8]?) {
        var i = offset + 1
        let buffer = bytes
        let count = buffer.count
        // Fast path: plain ASCII without escapes, eight bytes at a time up
        // to the first byte that needs a look, then byte by byte.
        if let base = buffer.baseAddress {
            while i &+ 8 <= count {
                let special = Self.specialBytes(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if special != 0 {
                    i &+= special.trailingZeroBitCount &>> 3
                    break
                }
                i &+= 8
            }
        }
        while i < count {
            let b = buffer[i]
            if b == UInt8(ascii: "\"") {
                offset = i + 1
                return (i, nil)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            i += 1
        }
        var escaped: [UInt8]? = nil
        while true {
            guard i < count else { throw syntaxError("unterminated string", at: i) }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                let end = i
                offset = i + 1
                return (end, escaped)
            case UInt8(ascii: "\\"):
                if escaped == nil {
                    escaped = Array(UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<i]))
                }
                i = try decodeEscape(at: i, into: &escaped!)
            case 0..<0x20:
                throw syntaxError("control character in a string must be escaped", at: i)
            case 0x80...:
                let next = try validateUTF8Sequence(at: i)
                if escaped != nil { escaped!.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<next])) }
                i = next
            default:
                escaped?.append(b)
                i += 1
            }
        }
    }

    /// The high bit of each byte of `word` (eight bytes read in memory order)
    /// that is `"`, a backslash, a control byte or not ASCII. Bits above the
    /// first flagged byte may be false positives (a borrow carries over);
    /// the first flagged byte is always a real one, and only it is used.
    @inline(__always)
    @inlinable public static func specialBytes(_ word: UInt64) -> UInt64 {
        let w = UInt64(littleEndian: word)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & high }
        let quote = zeroBytes(w ^ (ones &* 0x22))
        let backslash = zeroBytes(w ^ (ones &* 0x5C))
        let control = (w &- ones &* 0x20) & ~w & high
        return quote | backslash | control | (w & high)
    }

    /// Decodes the escape at `i` (a backslash) and returns the offset after it.
    @inlinable func decodeEscape(at i: Int, into out: inout [UInt8]) throws(RequestError) -> Int {
        let e = byte(at: i + 1)
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(at: i + 2)
            var next = i + 6
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard byte(at: next) == UInt8(ascii: "\\"), byte(at: next + 1) == UInt8(ascii: "u") else {
                    throw syntaxError("unpaired surrogate in \\u escape", at: i)
                }
                let low = try hex4(at: next + 2)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw syntaxError("unpaired surrogate in \\u escape", at: i)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw syntaxError("unpaired surrogate in \\u escape", at: i)
            }
            appendUTF8(scalar, to: &out)
            return next
        default:
            throw syntaxError("invalid escape in a string", at: i)
        }
        return i + 2
    }

    @inlinable func hex4(at i: Int) throws(RequestError) -> UInt32 {
        var value: UInt32 = 0
        for k in 0..<4 {
            guard let digit = Self.hexDigitValue(byte(at: i + k)) else {
                throw syntaxError("\\u must be followed by four hex digits", at: i + k)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The value of one hexadecimal digit, either case; nil for any other byte.
    @inlinable public static func hexDigitValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    @inlinable func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// Checks one multi-byte UTF-8 sequence starting at `i` (Unicode table 3-7)
    /// and returns the offset after it.
    @inlinable func validateUTF8Sequence(at i: Int) throws(RequestError) -> Int {
        let b0 = bytes[i]
        let length: Int
        var lowerBound: UInt8 = 0x80
        var upperBound: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F  // nothing past U+10FFFF
        default: throw syntaxError("invalid UTF-8 in a string", at: i)
        }
        let b1 = byte(at: i + 1)
        guard b1 >= lowerBound && b1 <= upperBound else { throw syntaxError("invalid UTF-8 in a string", at: i) }
        for k in 2..<length {
            let b = byte(at: i + k)
            guard b & 0xC0 == 0x80 else { throw syntaxError("invalid UTF-8 in a string", at: i) }
        }
        return i + length
    }
}
