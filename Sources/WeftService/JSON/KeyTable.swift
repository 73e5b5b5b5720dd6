/// Maps the UTF-8 bytes of a key or token straight to a value, without
/// building a String: the decoders look up every key and enum token of a
/// request, so this lookup is on the hot path.
///
/// Open addressing over a power-of-two table, FNV-1a hash, byte comparison.
public struct KeyTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var start: Int
        var count: Int
        var value: Value
    }

    private let storage: [UInt8]
    private let entries: [Entry]
    private let slots: [Int32]  // -1: empty; else an index into `entries`
    private let mask: Int
    /// The keys in the order given, for error messages that list them.
    public let names: [String]

    public init(_ pairs: [(String, Value)]) {
        var storage: [UInt8] = []
        var entries: [Entry] = []
        for (name, value) in pairs {
            entries.append(Entry(start: storage.count, count: name.utf8.count, value: value))
            storage.append(contentsOf: name.utf8)
        }
        var size = 8
        while size < pairs.count * 4 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (index, entry) in entries.enumerated() {
            let hash = storage.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[entry.start..<(entry.start + entry.count)]))
            }
            var slot = hash & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index)
        }
        self.storage = storage
        self.entries = entries
        self.slots = slots
        self.mask = size - 1
        self.names = pairs.map(\.0)
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h = (h ^ UInt64(b)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    public func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        var slot = Self.hash(bytes) & mask
        return storage.withUnsafeBufferPointer { stored in
            while true {
                let index = slots[slot]
                if index < 0 { return nil }
                let entry = entries[Int(index)]
                if entry.count == bytes.count {
                    var equal = true
                    var k = 0
                    while k < entry.count {
                        if stored[entry.start + k] != bytes[k] {
                            equal = false
                            break
                        }
                        k += 1
                    }
                    if equal { return entry.value }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    public func lookup(_ key: JSONKey) -> Value? {
        key.withUTF8 { lookup($0) }
    }

    public func lookup(_ string: String) -> Value? {
        var copy = string
        return copy.withUTF8 { lookup($0) }
    }

    /// "a, b or c", for details that name what is accepted.
    public var namesList: String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
