import WeftJSON
/// A 128-bit hash of a JSON value's meaning, not its spelling: object members
/// are combined order-independently, numbers by value (`1`, `1.0` and `1e0`
/// agree; `-0` is `0`), strings by their decoded bytes (`"\u0041"` is `"A"`),
/// and whitespace does not count. Two values with the same hash decode to the
/// same element tree, which is what lets the cell cache skip decoding.
///
/// 128 bits (two independently seeded 64-bit lanes) because a collision would
/// silently give one cell another's layout; at that width it is not a
/// practical concern.
package struct ContentHash: Hashable, Sendable {
    package var low: UInt64
    package var high: UInt64

    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }
}

extension JSONReader {
    /// Reads one value (checking its grammar as `skipValue` does) and
    /// returns its canonical hash. Bounded by `maxDepth` like `skipValue`.
    package mutating func contentHash() throws(RequestError) -> ContentHash {
        var lanes = HashLanes(tag: 0)
        try hashValue(into: &lanes)
        return ContentHash(low: lanes.a, high: lanes.b)
    }

    private mutating func hashValue(into out: inout HashLanes) throws(RequestError) {
        switch try peekKind() {
        case .object:
            // Members are hashed one by one and summed: addition commutes, so
            // key order does not matter; the count keeps {} and {"a":0,"a":0}
            // style cancellations apart.
            var sumA: UInt64 = 0, sumB: UInt64 = 0, count: UInt64 = 0
            if try objectStart() {
                repeat {
                    let key = try key()
                    var member = HashLanes(tag: 1)
                    key.withUTF8 { member.add(bytes: $0) }
                    try hashValue(into: &member)
                    member.finish()
                    sumA &+= member.a
                    sumB &+= member.b
                    count &+= 1
                } while try objectNext()
            }
            out.add(word: 0x6F62_6A65_6374 ^ count)
            out.add(word: sumA)
            out.add(word: sumB)
        case .array:
            var inner = HashLanes(tag: 2)
            if try arrayStart() {
                repeat { try hashValue(into: &inner) } while try arrayNext()
            }
            inner.finish()
            out.add(word: inner.a)
            out.add(word: inner.b)
        case .string:
            let start = offset + 1
            let (end, escaped) = try scanStringBody()
            out.add(word: 3)
            if let escaped {
                escaped.withUnsafeBufferPointer { out.add(bytes: $0) }
            } else {
                out.add(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            }
        case .number:
            var value = try readNumber()
            if value == 0 { value = 0 }  // -0 and 0 lay out the same
            out.add(word: 4)
            out.add(word: value.bitPattern)
        case .bool:
            out.add(word: try readBool() ? 5 : 6)
        case .null:
            _ = try consumeNull()
            out.add(word: 7)
        }
    }
}

/// Two 64-bit lanes of a multiply-xorshift mix (in the spirit of wyhash's
/// folded multiply), seeded differently so they fail independently.
struct HashLanes {
    var a: UInt64
    var b: UInt64

    init(tag: UInt64) {
        a = 0x9E37_79B9_7F4A_7C15 ^ tag
        b = 0xC2B2_AE3D_27D4_EB4F ^ (tag &* 0x1656_67B1_9E37_79F9)
    }

    @inline(__always)
    static func fold(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }

    /// Lane `a` folds a full 128-bit product; lane `b` is a cheaper
    /// rotate-multiply over the same words, so the two fail independently
    /// without doubling the cost.
    @inline(__always)
    mutating func add(word w: UInt64) {
        a = Self.fold(a ^ w, 0xA076_1D64_78BD_642F)
        b = ((b ^ w) &* 0xE703_7ED1_A0B4_28DB).rotated(by: 29) &+ w
    }

    /// Eight bytes at a time, then the tail and the length (so "ab" + "c"
    /// and "a" + "bc" differ at the value level).
    @inline(__always)
    mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var i = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= n {
                add(word: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < n {
                tail |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            add(word: tail)
        }
        add(word: UInt64(n) | 0xFF00_0000_0000_0000)
    }

    mutating func finish() {
        a = Self.fold(a, b ^ 0x8EBC_6AF0_9C88_C6E3)
        b = Self.fold(b, a ^ 0x5899_65CC_7537_4CC3)
    }
}

extension UInt64 {
    @inline(__always)
    func rotated(by n: UInt64) -> UInt64 { (self << n) | (self >> (64 - n)) }
}
