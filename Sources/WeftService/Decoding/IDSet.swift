/// The ids seen in one tree, to refuse a duplicate. Open addressing with an
/// FNV-1a hash over the id's UTF-8: ids are short, and a standard Set's
/// seeded SipHash cost more than the rest of an element's decoding.
/// Seeding (hash-flooding resistance) matters little here: a request's ids
/// are bounded by its element limit and probing stays linear in them.
struct IDSet {
    private var slots: [Int32] = []  // -1: empty; else an index into `ids`
    private var hashes: [UInt64] = []
    private var ids: [String] = []

    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
    }

    /// Adds `id`; false if it was already there.
    mutating func insert(_ id: String) -> Bool {
        var id = id
        let hash = id.withUTF8 { utf8 in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for b in utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
            return h ^ (h >> 32)
        }
        if ids.count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            if hashes[index] == hash && ids[index] == id { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(ids.count)
        hashes.append(hash)
        ids.append(id)
        return true
    }

    private mutating func grow() {
        let size = Swift.max(64, slots.count * 2)
        slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
