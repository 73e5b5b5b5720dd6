/// Maps the UTF-8 bytes of a key or token straight to a value, without
/// building a String: the decoders look up every key and enum token of a
/// request, so this lookup is on the hot path.
///
/// A perfect hash: a key's length and five of its bytes, multiplied by a
/// constant chosen when the table is built so that no two keys share a slot.
/// A lookup is then one multiplication, one slot and one byte comparison,
/// with no probing, where an open-addressing table would go hash, slot,
/// entry, compare, loop: a chain of dependent loads and an unpredictable
/// branch per key.
/// The tables are built once, as `static let`s, and live as long as the
/// process: their data sits in buffers that are never freed, so that a table
/// is a few plain pointers and using one costs no reference counting.
/// Not for tables made per request (they would leak).
public struct KeyTable<Value: Sendable>: @unchecked Sendable {
    /// A slot holds its key's place in `storage` and its value's index;
    /// an empty slot has count -1, which no key's length matches.
    @usableFromInline struct Slot {
        @usableFromInline var start: Int32
        @usableFromInline var count: Int32
        @usableFromInline var index: Int32

        @inlinable init(start: Int32, count: Int32, index: Int32) {
            self.start = start
            self.count = count
            self.index = index
        }
    }

    @usableFromInline let storage: UnsafePointer<UInt8>
    @usableFromInline let slots: UnsafePointer<Slot>
    @usableFromInline let values: UnsafePointer<Value>
    @usableFromInline let probes: Probes
    @usableFromInline let multiplier: UInt64
    @usableFromInline let shift: UInt64
    @usableFromInline let namesBox: UnsafePointer<[String]>

    /// A table of the given keys; they must differ in length or in a byte the hash reads.
    @inlinable public init(_ pairs: [(String, Value)]) {
        let keys = pairs.map { Array($0.0.utf8) }
        precondition(keys.allSatisfy { !$0.isEmpty }, "KeyTable keys must not be empty")
        guard let probes = Probes.distinguishing(keys) else {
            preconditionFailure("KeyTable keys must differ in length or in a byte the hash reads: \(pairs.map(\.0))")
        }
        let features = keys.map { probes.features(of: $0) }
        let (multiplier, bits) = Self.findMultiplier(for: features)
        let shift = UInt64(64 - bits)

        let bytes = keys.flatMap { $0 }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
        storage.initialize(from: bytes, count: bytes.count)
        let values = UnsafeMutablePointer<Value>.allocate(capacity: Swift.max(pairs.count, 1))
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot(start: 0, count: -1, index: 0), count: 1 << bits)
        var offset = 0
        for (index, key) in keys.enumerated() {
            (values + index).initialize(to: pairs[index].1)
            let slot = Int(truncatingIfNeeded: (features[index] &* multiplier) >> shift)
            slots[slot] = Slot(start: Int32(offset), count: Int32(key.count), index: Int32(index))
            offset += key.count
        }
        let names = UnsafeMutablePointer<[String]>.allocate(capacity: 1)
        names.initialize(to: pairs.map(\.0))
        self.storage = UnsafePointer(storage)
        self.slots = UnsafePointer(slots)
        self.values = UnsafePointer(values)
        self.probes = probes
        self.multiplier = multiplier
        self.shift = shift
        self.namesBox = UnsafePointer(names)
    }

    /// The smallest table (from twice the keys up to 32 times) and a
    /// multiplier that give every key its own slot. Odd multipliers from a
    /// fixed sequence, so every process builds the same tables.
    @inlinable static func findMultiplier(for features: [UInt64]) -> (UInt64, Int) {
        var bits = 1
        while 1 << bits < 2 * features.count { bits += 1 }
        var state: UInt64 = 0
        for b in bits...(bits + 4) {
            var taken = [Bool](repeating: false, count: 1 << b)
            for _ in 0..<10_000 {
                // splitmix64
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                let multiplier = (z ^ (z >> 31)) | 1
                for i in taken.indices { taken[i] = false }
                var perfect = true
                for feature in features {
                    let slot = Int(truncatingIfNeeded: (feature &* multiplier) >> UInt64(64 - b))
                    if taken[slot] {
                        perfect = false
                        break
                    }
                    taken[slot] = true
                }
                if perfect { return (multiplier, b) }
            }
        }
        preconditionFailure("no perfect hash for \(features.count) keys")
    }

    /// The value of the key spelled by `bytes`, or nil.
    @inline(__always)
    @inlinable public func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return nil }
        let slot = slots[Int(truncatingIfNeeded: (probes.features(base, count) &* multiplier) >> shift)]
        guard Int(slot.count) == count, Self.equal(storage + Int(slot.start), base, count) else { return nil }
        return values[Int(slot.index)]
    }

    @inline(__always)
    @inlinable static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }

    /// The value of a key as read, or nil.
    @inline(__always)
    @inlinable public func lookup(_ key: JSONKey) -> Value? {
        key.withUTF8 { lookup($0) }
    }

    /// The value of `string`, or nil.
    @inlinable public func lookup(_ string: String) -> Value? {
        var copy = string
        return copy.withUTF8 { lookup($0) }
    }

    /// The keys in the order given, for error messages that list them.
    public var names: [String] { namesBox.pointee }

    /// "a, b or c", for details that name what is accepted.
    @inlinable public var namesList: String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

/// What a key table's hash sees of a key: its length, its first and last
/// bytes and three more at fixed fractions of its length (in eighths,
/// chosen per table so that no two of its keys look alike).
@usableFromInline struct Probes {
    @usableFromInline var a: Int
    @usableFromInline var b: Int
    @usableFromInline var c: Int

    @inlinable init(a: Int, b: Int, c: Int) {
        (self.a, self.b, self.c) = (a, b, c)
    }

    @inline(__always)
    @inlinable func features(_ base: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: count) | UInt64(base[0]) << 16 | UInt64(base[count &- 1]) << 24
            | UInt64(base[(count &* a) &>> 3]) << 32 | UInt64(base[(count &* b) &>> 3]) << 40
            | UInt64(base[(count &* c) &>> 3]) << 48
    }

    @inlinable func features(of key: [UInt8]) -> UInt64 {
        key.withUnsafeBufferPointer { features($0.baseAddress!, $0.count) }
    }

    /// Quarter, half and three quarters if they tell the keys apart, else
    /// the first other choice that does.
    @usableFromInline static func distinguishing(_ keys: [[UInt8]]) -> Probes? {
        var choices = [Probes(a: 2, b: 4, c: 6)]
        for a in 1...7 {
            for b in a...7 {
                for c in b...7 { choices.append(Probes(a: a, b: b, c: c)) }
            }
        }
        return choices.first { probes in Set(keys.map { probes.features(of: $0) }).count == keys.count }
    }
}
