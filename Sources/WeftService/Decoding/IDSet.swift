/// The ids seen in one tree, to refuse a duplicate. Open addressing with an
/// FNV-1a hash over the id's UTF-8: ids are short, and a standard Set's
/// seeded SipHash cost more than the rest of an element's decoding.
/// Seeding (hash-flooding resistance) matters little here: a request's ids
/// are bounded by its element limit and probing stays linear in them.
///
/// The ids' bytes are kept back to back in one buffer and compared with
/// memcmp, so inserting an id allocates nothing once the buffers have grown
/// (a decoder reuses them from tree to tree).
struct IDSet {
    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
    }

    private var slots: [Int32] = []  // -1: empty; else an index into `entries`
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []

    mutating func removeAll() {
        // Nothing was inserted (the lists only grow with an entry): most
        // nested cells' trees have no ids, and clearing costs three calls.
        guard !entries.isEmpty else { return }
        slots.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Adds the id whose UTF-8 is `id`; false if it was already there.
    mutating func insert(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in id { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hash = h ^ (h >> 32)
        if entries.count * 2 >= slots.count { grow() }
        guard let slot = freeSlot(for: id, hash: hash) else { return false }
        slots[slot] = Int32(entries.count)
        entries.append(Entry(hash: hash, start: bytes.count, count: id.count))
        bytes.append(contentsOf: id)
        return true
    }

    /// The empty slot where `id` goes, or nil when it is already there.
    private func freeSlot(for id: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                bytes.withUnsafeBufferPointer { stored in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let index = Int(slots[slot])
                        if index < 0 { return slot }
                        let entry = entries[index]
                        if entry.hash == hash && entry.count == id.count
                            && Self.equal(stored.baseAddress! + entry.start, id, count: id.count)
                        {
                            return nil
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, count: Int) -> Bool {
        for k in 0..<count where a[k] != b[k] { return false }
        return true
    }

    private mutating func grow() {
        let size = Swift.max(64, slots.count * 2)
        slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
