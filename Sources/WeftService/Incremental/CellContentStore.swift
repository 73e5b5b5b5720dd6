import Synchronization
import WeftCells
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
    private let local: LRUCache<StoreKey, StoredCell>
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
        var found: [StoredCell?] = keys.map { local.value(for: StoreKey($0)) }
        guard let shared else { return found }
        let missing = found.indices.filter { found[$0] == nil }
        guard !missing.isEmpty else { return found }
        let fetched = shared.get(missing.map { keys[$0] })
        for (slot, bytes) in zip(missing, fetched) {
            guard let bytes, let entry = StoredCell(checking: bytes, key: keys[slot]) else { continue }
            local.insert(entry, for: StoreKey(keys[slot]), cost: entry.cost)
            found[slot] = entry
        }
        return found
    }

    /// Notes `key`'s content in `writes` unless the in-process store or the
    /// request itself already has it; `content` builds the entry only when
    /// needed (a feed's rows often repeat one card). Nothing is stored until
    /// the request's cells are all laid out (`flush`): a request cancelled
    /// before that, whose client never got the keys, leaves nothing behind.
    package func remember(_ key: String, writes: ContentWrites?, content: () -> StoredCell) {
        guard isEnabled, let writes else { return }
        let storeKey = StoreKey(key)
        guard local.value(for: storeKey) == nil, writes.claim(storeKey) else { return }
        writes.append(key, content())
    }

    /// Stores a request's new entries: in process, and in the shared store
    /// in one round trip.
    package func flush(_ writes: ContentWrites) {
        let entries = writes.take()
        guard !entries.isEmpty else { return }
        for (key, entry) in entries { local.insert(entry, for: StoreKey(key), cost: entry.cost) }
        if let shared { shared.set(entries.map { ($0.key, $0.entry.bytes) }) }
    }
}

/// A cell key as the in-process table holds it: its bytes as words, hashed
/// by one of them (a key is base64 of a hash already) and compared as
/// words. A `String` key cost a SipHash and a string comparison per lookup,
/// and a request stores one per new cell, nested cells included. Only
/// well-formed keys (`ContentKey.length` bytes) are stored, and the length
/// is part of the key, so no other string finds one of them.
struct StoreKey: Hashable, Sendable {
    private var head: UInt64 = 0
    private var middle: UInt64 = 0
    private var tail: UInt32 = 0

    init(_ key: String) {
        var key = key
        key.withUTF8 { bytes in
            for (i, byte) in bytes.prefix(ContentKey.length).enumerated() {
                switch i {
                case 0..<8: head |= UInt64(byte) << UInt64(8 * i)
                case 8..<16: middle |= UInt64(byte) << UInt64(8 * (i - 8))
                default: tail |= UInt32(byte) << UInt32(8 * (i - 16))
                }
            }
            tail |= UInt32(truncatingIfNeeded: Swift.min(bytes.count, 0xFF)) << 24
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(middle) }
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
        var bytes = Array("{".utf8)
        var stored = CellSource()
        func member(_ name: String, _ range: Range<Int>?) -> Range<Int>? {
            guard let range else { return nil }
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array("\"\(name)\":".utf8)
            let start = bytes.count
            bytes += body[range]
            return start..<bytes.count
        }
        if cell.kind == .interop {
            bytes += Array(#""kind":"interop""#.utf8)
            stored.size = member("size", source.size)
        } else if let node = source.node, let range = member("node", node.range) {
            stored.node = NodeSource(range: range, hash: nodeHash ?? node.hash)
        }
        stored.style = member("style", source.style)
        bytes.append(UInt8(ascii: "}"))
        self.init(bytes: bytes, kind: cell.kind, size: cell.size, style: cell.style, source: stored)
    }

    /// Bytes from the shared store, if they read as a cell whose content's key is `key`.
    convenience init?(checking bytes: [UInt8], key: String) {
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

/// The entries one request added, collected from the pool's threads and
/// stored together once its cells are laid out.
package final class ContentWrites: Sendable {
    private let entries = Mutex<[(key: String, entry: StoredCell)]>([])
    /// The keys claimed so far: each is written once per request.
    private let claimed = Mutex<Set<StoreKey>>([])

    package init() {}

    /// Whether `key` is new to this request (it is then claimed for it).
    func claim(_ key: StoreKey) -> Bool {
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
