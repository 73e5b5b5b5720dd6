/// Unpadded base64url (RFC 4648 §5): text that is safe in a URL, a header
/// value and a JSON string without escaping.
public enum Base64URL {
    /// In the binary's constant data: no array to reach through a lazy global per character.
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    /// The base64url text of `bytes` without `=` padding, in one allocation.
    public static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: length(of: bytes.count)) { encode(bytes, into: $0) }
    }

    /// The length of the text of `count` bytes.
    public static func length(of count: Int) -> Int { (count * 4 + 2) / 3 }

    /// Writes the text of `bytes` into `out` (at least `length(of:)` long)
    /// and answers its length: text made straight into a buffer (a JSON
    /// answer, a string's storage) without a string between.
    @discardableResult
    public static func encode(_ bytes: UnsafeRawBufferPointer, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let alphabet = Self.alphabet.utf8Start
        var n = 0
        var i = 0
        // Whole groups of three bytes, four characters each, unrolled.
        while i + 3 <= bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out[n] = alphabet[Int(v >> 18 & 63)]
            out[n + 1] = alphabet[Int(v >> 12 & 63)]
            out[n + 2] = alphabet[Int(v >> 6 & 63)]
            out[n + 3] = alphabet[Int(v & 63)]
            n += 4
            i += 3
        }
        // One or two bytes left: two or three characters, no padding.
        let left = bytes.count - i
        if left > 0 {
            var v = UInt32(bytes[i]) << 16
            if left > 1 { v |= UInt32(bytes[i + 1]) << 8 }
            for k in 0..<(left + 1) {
                out[n] = alphabet[Int(v >> UInt32(18 - 6 * k) & 63)]
                n += 1
            }
        }
        return n
    }

    /// The bytes of unpadded base64url `text` into `out` (at least
    /// `text.count * 3 / 4` long), and how many; nil for text `encode` does
    /// not write: a character outside the alphabet, a length no text has
    /// (one past a whole group), or a last group with stray bits.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableRawBufferPointer) -> Int? {
        guard text.count % 4 != 1 else { return nil }
        var n = 0
        var i = 0
        while i < text.count {
            // A group of up to four characters: 6 bits each, 8 bits a byte.
            let characters = Swift.min(4, text.count - i)
            var v: UInt32 = 0
            for k in 0..<4 {
                guard k < characters else {
                    v <<= 6
                    continue
                }
                guard let sextet = sextet(text[i + k]) else { return nil }
                v = v << 6 | sextet
            }
            // A short last group's unused bits are zero in text `encode` wrote:
            // other text would read back to bytes that spell differently.
            let bytes = characters - 1
            guard v & (UInt32(1) << UInt32(24 - 8 * bytes) - 1) == 0 else { return nil }
            for k in 0..<bytes {
                out[n] = UInt8(truncatingIfNeeded: v >> UInt32(16 - 8 * k))
                n += 1
            }
            i += characters
        }
        return n
    }

    /// The inverse of `alphabet`.
    private static func sextet(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(c - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(c - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// A 128-bit value as 16 bytes, `low` first, each word little-endian: 22 characters.
    public static func encode(low: UInt64, high: UInt64) -> String {
        withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { encode($0) }
    }
}
