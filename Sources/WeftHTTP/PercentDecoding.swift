/// Percent-encoded octets in a request target (RFC 3986 §2.1): a client may
/// encode any character, and an encoded unreserved one means the character
/// itself (§2.3), so routes and query parameters are matched decoded.
enum PercentDecoding {
    /// The path with each encoded unreserved character decoded (§6.2.2.2);
    /// other encodings (`%2F` among them) stay, so the path keeps its segments.
    static func normalizedPath(_ bytes: ArraySlice<UInt8>) -> String {
        decode(bytes) { isUnreserved($0) }
    }

    /// A query name or value with every encoded octet decoded.
    static func queryComponent(_ text: Substring) -> String {
        decode(ArraySlice(text.utf8)) { _ in true }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, where decodes: (UInt8) -> Bool) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
                let high = HexDigit.value(bytes[i + 1]), let low = HexDigit.value(bytes[i + 2]), decodes(high << 4 | low)
            {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        }
    }
}
