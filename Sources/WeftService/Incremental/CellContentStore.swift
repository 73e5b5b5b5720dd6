import Synchronization
import WeftCells
import WeftHTTP
import WeftJSON
import WeftLayout
import WeftStore

/// The content behind each cell key a container answer gave (`ContentKey`),
/// so that a later request can send the cell as a `ref`. An in-process LRU,
/// and behind it the shared cell store when one is configured, so that a ref
/// made through one instance (or worker process) resolves on another.
///
/// Content, not layouts: a ref'd cell is laid out afresh at whatever size
/// its container gives it now (the cell cache makes that a lookup when
/// nothing changed), so a ref can never yield a layout its full cell would
/// not.
package final class CellContentStore: Sendable {
    private let local: LRUCache<CellContentKey, StoredCell>
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
    /// An entry from the shared store is used only if it reads as a cell whose
    /// content has exactly that key; it is then kept in process too.
    package func contents(for keys: [String]) -> [StoredCell?] {
        // A string that does not spell a key names nothing stored.
        var found: [StoredCell?] = keys.map { CellContentKey(text: $0).flatMap { local.value(for: $0) } }
        guard let shared else { return found }
        let missing = found.indices.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found }
        let fetched = shared.get(missing.map { keys[$0] })
        for (slot, bytes) in zip(missing, fetched) {
            guard let bytes, let key = CellContentKey(text: keys[slot]), let entry = StoredCell(checking: bytes, key: key)
            else { continue }
            local.insert(entry, for: key, cost: entry.cost)
            found[slot] = entry
        }
        return found
    }

    /// Stores the content `make` builds under `key`, unless the in-process
    /// store has that key already: `make` runs only for new content (a
    /// feed's rows often repeat one card), and not at all when the store is
    /// off. It goes in process at once, from the layout thread that read the
    /// cell, so that a large request's entries are stored in parallel rather
    /// than one by one after its layout. The shared store gets a request's
    /// new entries in one round trip (`flush`), each once. Content is stored
    /// under its own hash, so an entry of a request that fails later is
    /// still right for any request that sends that key.
    ///
    /// Content this process has already is written to the shared store again
    /// when it last wrote it there `sharedRewriteSeconds` ago or more: the
    /// store may have lost it since (a restart, an eviction, its expiry),
    /// and a client that was refused the ref elsewhere re-sends the cell in
    /// full to whichever instance it reaches.
    package func remember(_ key: CellContentKey, writes: ContentWrites?, _ make: () -> StoredCell) {
        guard isEnabled, let writes else { return }
        if local.isEnabled {
            guard let (entry, made) = local.value(for: key, orInsert: {
                let entry = make()
                return (entry, entry.cost)
            }) else { return }
            if shared != nil, made || entry.isDueForSharedWrite, writes.claim(key) { writes.append(key.text, entry) }
        } else if writes.claim(key) {
            writes.append(key.text, make())
        }
    }

    /// How long content written to the shared store is taken to be there.
    static let sharedRewriteSeconds: UInt64 = 10

    /// Writes a request's new entries to the shared store.
    package func flush(_ writes: ContentWrites) {
        guard let shared else { return }
        let entries = writes.take()
        guard !entries.isEmpty else { return }
        let now = monotonicSeconds()
        for entry in entries { entry.entry.sharedAt.store(now, ordering: .relaxed) }
        shared.set(entries.map { ($0.key, $0.entry.bytes) })
    }
}

/// One cell's content as stored: the JSON of its `kind` (interop only),
/// `node` or `size`, and `style`, as first sent, and what reading it gave,
/// so that resolving a ref reads nothing again. Immutable and shared.
package final class StoredCell: Sendable {
    package let bytes: [UInt8]
    package let kind: CellKind
    package let size: Size?
    package let style: Style
    /// Ranges into `bytes`; the node's hash is known.
    package let source: CellSource
    /// When this process last wrote the entry to the shared store, in
    /// monotonic seconds; 0 before it has.
    let sharedAt = Atomic<UInt64>(0)

    /// Whether the shared store may have lost the entry since this process wrote it there.
    var isDueForSharedWrite: Bool {
        let at = sharedAt.load(ordering: .relaxed)
        return at == 0 || monotonicSeconds() >= at + CellContentStore.sharedRewriteSeconds
    }

    init(bytes: [UInt8], kind: CellKind, size: Size?, style: Style, source: CellSource) {
        self.bytes = bytes
        self.kind = kind
        self.size = size
        self.style = style
        self.source = source
    }

    /// A cell sent with its content, stored from the request's `body`:
    /// `nodeHash` is its tree's canonical hash.
    convenience init<Body: RandomAccessCollection<UInt8>>(
        _ cell: Cell, _ source: CellSource, in body: Body, nodeHash: ContentHash?
    ) where Body.Index == Int {
        let interop = cell.kind == .interop
        let node = interop ? nil : source.node
        let contentRange = interop ? source.size : node?.range
        // One buffer, sized up front: braces, names, commas and the values.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32 + (contentRange?.count ?? 0) + (source.style?.count ?? 0))
        bytes.append(UInt8(ascii: "{"))
        var stored = CellSource()
        func member(_ name: StaticString, _ range: Range<Int>) -> Range<Int> {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            let start = bytes.count
            bytes.append(contentsOf: body[range])
            return start..<bytes.count
        }
        if interop {
            bytes.append(contentsOf: #""kind":"interop""#.utf8)
            if let range = source.size { stored.size = member("size", range) }
        } else if let node {
            stored.node = NodeSource(range: member("node", node.range), hash: nodeHash ?? node.hash)
        }
        if let range = source.style { stored.style = member("style", range) }
        bytes.append(UInt8(ascii: "}"))
        self.init(bytes: bytes, kind: cell.kind, size: cell.size, style: cell.style, source: stored)
    }

    /// Bytes from the shared store, if they read as a cell whose content's key is `key`.
    convenience init?(checking bytes: [UInt8], key: CellContentKey) {
        let read: (Cell, CellSource)? = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            guard let cell = try? ContainerRequestDecoder.decodeCell(&reader), (try? reader.finish()) != nil,
                (try? ContentKey.of(cellJSON: buffer)) == key
            else { return nil }
            return cell
        }
        guard let (cell, sent) = read, cell.id == nil, sent.ref == nil else { return nil }
        var source = sent
        let nodeHash = source.node.flatMap { ContainerEngine.hash(bytes, $0) }
        source.node?.hash = nodeHash
        self.init(bytes: bytes, kind: cell.kind, size: cell.size, style: cell.style, source: source)
    }

    var cost: Int { bytes.count * 2 + 256 }
}

/// The entries one request adds to the shared store, collected from the
/// pool's threads and written together once its cells are laid out.
package final class ContentWrites: Sendable {
    private let entries = Mutex<[(key: String, entry: StoredCell)]>([])
    /// The keys claimed so far: each is written once per request.
    private let claimed = Mutex<Set<CellContentKey>>([])

    package init() {}

    /// Whether `key` is new to this request (it is then claimed for it).
    func claim(_ key: CellContentKey) -> Bool {
        claimed.withLock { $0.insert(key).inserted }
    }

    func append(_ key: String, _ entry: StoredCell) {
        entries.withLock { $0.append((key, entry)) }
    }

    func take() -> [(key: String, entry: StoredCell)] {
        entries.withLock { list in
            defer { list = [] }
            return list
        }
    }
}

/// The content store as a nested container's cells see it while their
/// tree is read: refs resolve from it, and new content goes to it (and, with
/// a shared store, to the request's writes).
package struct NestedCellContent {
    let store: CellContentStore
    let writes: ContentWrites?
    /// Where nested cells' layouts are found and kept, as any cell's.
    let cache: CellLayoutCache?

    package init(store: CellContentStore, writes: ContentWrites?, cache: CellLayoutCache?) {
        self.store = store
        self.writes = writes
        self.cache = cache
    }
}

/// Monotonic seconds, at least 1: `StoredCell.sharedAt` keeps 0 for "never".
private func monotonicSeconds() -> UInt64 {
    max(1, monotonicNanoseconds() / 1_000_000_000)
}
