/// Unpadded base64url (RFC 4648 §5): text that is safe in a URL, a header
/// value and a JSON string without escaping.
public enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The base64url text of `bytes`, without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var i = 0
        while i < bytes.count {
            let count = min(3, bytes.count - i)
            var n = UInt32(bytes[i]) << 16
            if count > 1 { n |= UInt32(bytes[i + 1]) << 8 }
            if count > 2 { n |= UInt32(bytes[i + 2]) }
            for k in 0...count { out.append(alphabet[Int((n >> UInt32(18 - 6 * k)) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A 128-bit value as 16 bytes, `low` first, each word little-endian: 22 characters.
    public static func encode(low: UInt64, high: UInt64) -> String {
        encode(bytes(low: low, high: high))
    }

    /// A 128-bit value's 16 bytes, `low` first, each word little-endian.
    public static func bytes(low: UInt64, high: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for word in [low, high] {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }
}
