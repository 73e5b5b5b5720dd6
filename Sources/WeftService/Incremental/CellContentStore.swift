import Synchronization
import WeftCells
import WeftStore

/// The content behind each cell key a container answer gave (`ContentKey`),
/// so that a later request can send the cell as a `ref`: the JSON of its
/// `kind`, `node` or `size`, and `style`, exactly as first sent. An
/// in-process LRU, and behind it the shared cell store when one is
/// configured, so that a ref made through one instance (or worker process)
/// resolves on another.
///
/// Content, not layouts: a ref'd cell is laid out afresh at whatever size
/// its container gives it now (the cell cache makes that a lookup when
/// nothing changed), so a ref can never yield a layout its full cell would
/// not.
package final class CellContentStore: Sendable {
    private let local: LRUCache<String, [UInt8]>
    package let shared: CellStore?

    package init(capacityBytes: Int, shared: CellStore? = nil) {
        local = LRUCache(capacityBytes: capacityBytes)
        self.shared = shared
    }

    /// Whether refs can resolve at all (an in-process budget of 0 and no
    /// shared store: every ref is unknown).
    package var isEnabled: Bool { local.isEnabled || shared != nil }

    /// The content stored under each key, nil where none is: the in-process
    /// entries first, then one round trip to the shared store for the rest.
    /// Entries from the shared store are returned with `fromShared` set, so
    /// that the caller checks them against their key before trusting them.
    package func contents(for keys: [String]) -> [(bytes: [UInt8], fromShared: Bool)?] {
        var found: [(bytes: [UInt8], fromShared: Bool)?] = keys.map { key in local.value(for: key).map { ($0, false) } }
        guard let shared else { return found }
        let missing = found.indices.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found }
        let fetched = shared.get(missing.map { keys[$0] })
        for (slot, bytes) in zip(missing, fetched) {
            if let bytes { found[slot] = (bytes, true) }
        }
        return found
    }

    /// Keeps a checked entry from the shared store in process.
    package func adopt(_ bytes: [UInt8], for key: String) {
        local.insert(bytes, for: key, cost: Self.cost(bytes, key))
    }

    /// Stores `key`'s content unless the in-process store has it; `content`
    /// builds the bytes only when needed. New entries go to `writes` for the
    /// shared store (one round trip per request, see `ContentWrites`).
    package func remember(_ key: String, writes: ContentWrites?, content: () -> [UInt8]) {
        guard local.isEnabled || shared != nil else { return }
        if local.value(for: key) != nil { return }
        let bytes = content()
        local.insert(bytes, for: key, cost: Self.cost(bytes, key))
        if shared != nil { writes?.append(key, bytes) }
    }

    /// Sends a request's new entries to the shared store.
    package func flush(_ writes: ContentWrites) {
        guard let shared else { return }
        let entries = writes.take()
        if !entries.isEmpty { shared.set(entries) }
    }

    private static func cost(_ bytes: [UInt8], _ key: String) -> Int { bytes.count + key.utf8.count + 96 }
}

/// The entries one request added, collected from the pool's threads and
/// written to the shared store together once its cells are laid out.
package final class ContentWrites: Sendable {
    private let entries = Mutex<[(key: String, value: [UInt8])]>([])

    package init() {}

    func append(_ key: String, _ value: [UInt8]) {
        entries.withLock { $0.append((key, value)) }
    }

    func take() -> [(key: String, value: [UInt8])] {
        entries.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
