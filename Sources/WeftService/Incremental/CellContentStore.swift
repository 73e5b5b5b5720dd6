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
    private let local: LRUCache<String, StoredContent>
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
    /// Entries from the shared store come with `fromShared` set, so that the
    /// caller checks them against their key before trusting them.
    package func contents(for keys: [String]) -> [StoredContent?] {
        var found: [StoredContent?] = keys.map { local.value(for: $0) }
        guard let shared else { return found }
        let missing = found.indices.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found }
        let fetched = shared.get(missing.map { keys[$0] })
        for (slot, bytes) in zip(missing, fetched) {
            if let bytes { found[slot] = StoredContent(bytes: bytes, fromShared: true) }
        }
        return found
    }

    /// Keeps `content`, read and checked, in process: an entry from the
    /// shared store, or a local one with what reading it gave.
    package func keep(_ content: StoredContent, for key: String) {
        var content = content
        content.fromShared = false
        local.insert(content, for: key, cost: Self.cost(content.bytes, key))
    }

    /// Stores `key`'s content unless the in-process store has it; `content`
    /// builds the bytes only when needed. New entries go to `writes` for the
    /// shared store (one round trip per request, see `ContentWrites`).
    package func remember(_ key: String, writes: ContentWrites?, content: () -> [UInt8]) {
        guard local.isEnabled || shared != nil else { return }
        if local.value(for: key) != nil { return }
        let bytes = content()
        local.insert(StoredContent(bytes: bytes), for: key, cost: Self.cost(bytes, key))
        if shared != nil { writes?.append(key, bytes) }
    }

    /// Sends a request's new entries to the shared store.
    package func flush(_ writes: ContentWrites) {
        guard let shared else { return }
        let entries = writes.take()
        if !entries.isEmpty { shared.set(entries) }
    }

    /// The bytes, the key, and the entry with the cell it may hold once read.
    private static func cost(_ bytes: [UInt8], _ key: String) -> Int {
        bytes.count + key.utf8.count + 96 + MemoryLayout<Cell>.stride + MemoryLayout<CellSource>.stride
    }
}

/// A cell's content as the content store holds it: its JSON, and once a ref
/// has resolved to it in this process, what reading it gave (the cell's
/// content fields, where its parts sit in `bytes`, its tree's canonical hash),
/// so that later refs to the key take those instead of reading and hashing
/// the tree again: a scroll step sends every cell of the feed as a ref.
package struct StoredContent: Sendable {
    package var bytes: [UInt8]
    /// Nil until a ref has read `bytes` here.
    package var read: (cell: Cell, source: CellSource)?
    /// From the shared store, not yet checked against its key.
    package var fromShared: Bool

    package init(bytes: [UInt8], read: (cell: Cell, source: CellSource)? = nil, fromShared: Bool = false) {
        self.bytes = bytes
        self.read = read
        self.fromShared = fromShared
    }
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
