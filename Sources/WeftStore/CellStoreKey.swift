/// The keys the cell store accepts: 1 to 64 URL-safe characters
/// (`A-Z a-z 0-9 - _`), as the content keys a container answer carries.
public enum CellStoreKey {
    /// The longest key, in characters (bytes: every allowed character is ASCII).
    public static let maximumLength = 64

    /// Whether `key` is 1...`maximumLength` characters, all of them URL-safe.
    public static func isValid(_ key: String) -> Bool {
        let bytes = key.utf8
        guard (1...maximumLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy(isURLSafe)
    }

    @inline(__always)
    static func isURLSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
