/// Writes JSON straight into a byte buffer: no intermediate tree, no Foundation.
///
/// Non-copyable so that it can own a raw buffer: appends are a capacity check
/// and a store, without the uniqueness checks of a shared array. Commas are
/// placed automatically: a value or key written after another value in the
/// same container gets one.
public struct JSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    @usableFromInline var needsComma = false
    /// False while writing into storage lent by `document`.
    @usableFromInline var ownsBase = true
    /// Whether a number written was NaN or infinite (written as `null`):
    /// a layout that overflowed, which its writer refuses rather than sends.
    public var wroteNonFinite = false

    /// A writer with room for `capacity` bytes before it grows.
    @inlinable public init(capacity: Int = 1024) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Writes into `storage` until it runs out of room, then into a buffer
    /// of its own.
    @inlinable init(lending storage: UnsafeMutableBufferPointer<UInt8>) {
        base = storage.baseAddress!
        capacity = storage.count
        ownsBase = false
    }

    deinit { if ownsBase { base.deallocate() } }

    /// A whole document written by `body` straight into the array returned,
    /// when `capacity` holds it: a large response then costs one buffer
    /// (and one round of page faults on fresh memory) instead of a writing
    /// buffer plus the copy into its array. A bigger document is copied
    /// out of the buffer the writer moved to, as `bytes` does.
    @inlinable public static func document(capacity: Int, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var spilled: [UInt8]?
        let written = [UInt8](unsafeUninitializedCapacity: Swift.max(capacity, 64)) { storage, initialized in
            var out = JSONWriter(lending: storage)
            body(&out)
            if out.ownsBase {
                spilled = out.bytes
                initialized = 0
            } else {
                initialized = out.count
            }
        }
        return spilled ?? written
    }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Forgets what was written, keeping the buffer: a writer reused for many
    /// small documents, each copied out with `bytes`, allocates once.
    @inlinable public mutating func removeAll() {
        count = 0
        needsComma = false
        wroteNonFinite = false
    }

    // MARK: - Raw output

    @inline(__always)
    @inlinable mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(n) }
    }

    @inlinable mutating func grow(_ n: Int) {
        let newCapacity = Swift.max(capacity * 2, count + n)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if ownsBase { base.deallocate() }
        ownsBase = true
        base = newBase
        capacity = newCapacity
    }

    /// Appends one byte; room must have been reserved.
    @inline(__always)
    @inlinable mutating func put(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    @inline(__always)
    @inlinable mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if bytes.count <= 16 {
            // Short runs (keys, type names) are cheaper byte by byte than a
            // memcpy call; through a local pointer, so that `count` is not
            // reloaded after every store.
            let target = base + count
            for j in bytes.indices { target[j] = bytes[j] }
            count += bytes.count
        } else if let source = bytes.baseAddress {
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    @inline(__always)
    @inlinable mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    @inlinable mutating func separate() {
        if needsComma {
            reserve(1)
            put(UInt8(ascii: ","))
        }
    }

    // MARK: - Structure

    /// Opens an object (with the comma the position needs).
    @inlinable public mutating func beginObject() {
        separate()
        reserve(1)
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes one complete JSON value that was encoded earlier (a cached
    /// cell's `layout`), with the comma the position needs.
    @inlinable public mutating func rawJSON(_ value: [UInt8]) {
        separate()
        value.withUnsafeBufferPointer { put($0) }
        needsComma = true
    }

    /// Closes the innermost object.
    @inlinable public mutating func endObject() {
        reserve(1)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (with the comma the position needs).
    @inlinable public mutating func beginArray() {
        separate()
        reserve(1)
        put(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    @inlinable public mutating func endArray() {
        reserve(1)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A key known at compile time; it must need no escaping.
    @inlinable public mutating func key(_ name: StaticString) {
        separate()
        reserve(name.utf8CodeUnitCount + 3)
        put(UInt8(ascii: "\""))
        put(name)
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key built at run time (escaped as needed). A separate name, because
    /// a string literal would otherwise pick this overload over `key(_: StaticString)`.
    @inlinable public mutating func dynamicKey(_ name: String) {
        string(name)
        reserve(1)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: - Values

    /// A string known at compile time that needs no escaping.
    @inlinable public mutating func rawString(_ value: StaticString) {
        value.withUTF8Buffer { plainString($0) }
    }

    /// A string value whose UTF-8 bytes need no escaping (the caller makes
    /// sure: a base64url key, say), written as they are.
    @inlinable public mutating func plainString(_ utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        reserve(utf8.count + 2)
        put(UInt8(ascii: "\""))
        put(utf8)
        put(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a string value, escaped as RFC 8259 requires.
    @inlinable public mutating func string(_ value: String) {
        separate()
        var value = value
        value.withUTF8 { utf8 in
            // Worst case every byte becomes \u00XX.
            reserve(utf8.count * 6 + 2)
            var i = count
            base[i] = UInt8(ascii: "\"")
            i += 1
            for b in utf8 {
                if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                    count = i
                    putEscape(b)
                    i = count
                } else {
                    base[i] = b
                    i += 1
                }
            }
            base[i] = UInt8(ascii: "\"")
            count = i + 1
        }
        needsComma = true
    }

    /// Room for six bytes must have been reserved.
    @inlinable mutating func putEscape(_ b: UInt8) {
        put(UInt8(ascii: "\\"))
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(b)
        case 0x0A: put(UInt8(ascii: "n"))
        case 0x0D: put(UInt8(ascii: "r"))
        case 0x09: put(UInt8(ascii: "t"))
        case 0x08: put(UInt8(ascii: "b"))
        case 0x0C: put(UInt8(ascii: "f"))
        default:
            put(UInt8(ascii: "u"))
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "0"))
            put(Self.hexDigit(b >> 4))
            put(Self.hexDigit(b & 0xF))
        }
    }

    @inlinable static func hexDigit(_ v: UInt8) -> UInt8 {
        v < 10 ? UInt8(ascii: "0") + v : UInt8(ascii: "a") + v - 10
    }

    /// Writes `true` or `false`.
    @inlinable public mutating func bool(_ value: Bool) {
        separate()
        if value { put("true") } else { put("false") }
        needsComma = true
    }

    /// Writes `null`.
    @inlinable public mutating func null() {
        separate()
        put("null")
        needsComma = true
    }

    /// Writes a whole number.
    @inlinable public mutating func integer(_ value: Int) {
        separate()
        putDigits(value)
        needsComma = true
    }

    /// Integral values without a fraction, others in their shortest
    /// round-trip form, -0 as 0. JSON has no NaN or infinity: those are `null`.
    @inlinable public mutating func number(_ value: Double) {
        separate()
        // Below 2^53 Int(value) is exact and cannot trap (NaN fails the range
        // test); Swift's description writes integral values up to there with
        // a ".0", and above in exponent form ("1e+16").
        if Swift.abs(value) < 9_007_199_254_740_992, Double(Int(value)) == value {
            putDigits(Int(value))
        } else if Swift.abs(value) < 2_147_483_648, Double(Int(value * 8)) == value * 8 {
            putEighths(Int(value * 8))
        } else if value.isFinite {
            // Swift's description is the shortest string that reads back to
            // the same double, in a form JSON accepts ("0.1", "1e-05", "1e+20").
            var text = value.description
            text.withUTF8 { put($0) }
        } else {
            put("null")
            wroteNonFinite = true
        }
        needsComma = true
    }

    /// `eighths` / 8, not an integer: layout on a point scale of 2 or 4
    /// gives frames in halves and quarters, which would otherwise take the
    /// slow path through `description` (a String per number). Written in
    /// full, as `description` does: the exact decimal, at most three
    /// fraction digits, is the shortest that reads back (a double's spacing
    /// below 2^31 is far finer than 0.001), and 2^31 is far below where
    /// `description` turns to exponents.
    @inlinable mutating func putEighths(_ eighths: Int) {
        reserve(16)
        if eighths < 0 { put(UInt8(ascii: "-")) }
        let magnitude = Int(eighths.magnitude)
        putDigits(magnitude >> 3)
        // The fraction digits of 1/8 ... 7/8, four bytes each, zero-padded.
        let fraction = Self.eighthFractions.utf8Start + (magnitude & 7) * 4
        put(UInt8(ascii: "."))
        var j = 0
        while j < 3, fraction[j] != UInt8(ascii: " ") {
            put(fraction[j])
            j += 1
        }
    }

    @usableFromInline static let eighthFractions: StaticString = "    125 25  375 5   625 75  875 "

    @inlinable mutating func putDigits(_ value: Int) {
        // A sign and 20 digits hold any Int.
        reserve(21)
        var magnitude = value.magnitude
        if value < 0 { put(UInt8(ascii: "-")) }
        if magnitude < 10 {
            put(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits = 1
        var power: UInt = 10
        while digits < 20 && magnitude >= power {
            digits += 1
            power &*= 10
        }
        var i = count + digits
        count = i
        // Two digits per division, from a constant table.
        let pairs = Self.digitPairs.utf8Start
        while magnitude >= 10 {
            let pair = Int(magnitude % 100) * 2
            magnitude /= 100
            i -= 2
            base[i] = pairs[pair]
            base[i + 1] = pairs[pair + 1]
        }
        if magnitude > 0 {
            i -= 1
            base[i] = UInt8(ascii: "0") + UInt8(magnitude)
        }
    }

    @usableFromInline static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
}
