/// Maps the UTF-8 bytes of a key or token straight to a value, without
/// building a String: the decoders look up every key and enum token of a
/// request, so this lookup is on the hot path.
///
/// Open addressing over a power-of-two table; the hash mixes only the
/// length and three bytes (keys are short and distinct enough), the byte
/// comparison decides.
/// The tables are built once, as `static let`s, and live as long as the
/// process: their data sits in buffers that are never freed, so that a table
/// is a few plain pointers and using one costs no reference counting.
/// Not for tables made per request (they would leak).
public struct KeyTable<Value: Sendable>: @unchecked Sendable {
    private struct Entry {
        var start: Int
        var count: Int
    }

    private let storage: UnsafePointer<UInt8>
    private let entries: UnsafePointer<Entry>
    private let values: UnsafePointer<Value>
    private let slots: UnsafePointer<Int32>  // -1: empty; else an index into `entries`
    private let mask: Int
    private let namesBox: UnsafePointer<[String]>

    public init(_ pairs: [(String, Value)]) {
        let bytes = pairs.flatMap { Array($0.0.utf8) }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
        storage.initialize(from: bytes, count: bytes.count)
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: Swift.max(pairs.count, 1))
        let values = UnsafeMutablePointer<Value>.allocate(capacity: Swift.max(pairs.count, 1))
        var offset = 0
        for (index, (name, value)) in pairs.enumerated() {
            (entries + index).initialize(to: Entry(start: offset, count: name.utf8.count))
            (values + index).initialize(to: value)
            offset += name.utf8.count
        }
        var size = 8
        while size < pairs.count * 4 { size *= 2 }
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: size)
        slots.initialize(repeating: -1, count: size)
        for index in pairs.indices {
            let entry = entries[index]
            var slot = Self.hash(UnsafeBufferPointer(start: storage + entry.start, count: entry.count)) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index)
        }
        let names = UnsafeMutablePointer<[String]>.allocate(capacity: 1)
        names.initialize(to: pairs.map(\.0))
        self.storage = UnsafePointer(storage)
        self.entries = UnsafePointer(entries)
        self.values = UnsafePointer(values)
        self.slots = UnsafePointer(slots)
        self.mask = size - 1
        self.namesBox = UnsafePointer(names)
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        guard n > 0 else { return 0 }
        var h = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(bytes[0])) &* 0x100_0000_01b3
        h = (h ^ UInt64(bytes[n - 1])) &* 0x100_0000_01b3
        h = (h ^ UInt64(bytes[n / 2])) &* 0x100_0000_01b3
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    public func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        var slot = Self.hash(bytes) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.count == bytes.count, let base = bytes.baseAddress ?? (entry.count == 0 ? storage : nil),
                memoryEquals(storage + entry.start, base, entry.count)
            {
                return values[index]
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private func memoryEquals(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var k = 0
        while k < count {
            if a[k] != b[k] { return false }
            k += 1
        }
        return true
    }

    @inline(__always)
    public func lookup(_ key: JSONKey) -> Value? {
        key.withUTF8 { lookup($0) }
    }

    public func lookup(_ string: String) -> Value? {
        var copy = string
        return copy.withUTF8 { lookup($0) }
    }

    /// The keys in the order given, for error messages that list them.
    public var names: [String] { namesBox.pointee }

    /// "a, b or c", for details that name what is accepted.
    public var namesList: String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
