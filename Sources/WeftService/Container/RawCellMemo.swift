import WeftCells
import WeftLayout

/// Remembers cell objects by their exact bytes, so that reading a request
/// whose cells were all seen before costs a bracket scan and a hash per cell
/// instead of a full grammar check and decode: the same bytes are the same
/// valid cell (JSON grammar and the cell contract are context-free within
/// one value), whatever request they arrive in.
public final class RawCellMemo: Sendable {
    let cache: LRUCache<RawCellKey, RawCellEntry>

    public init(capacityBytes: Int) {
        cache = LRUCache(capacityBytes: capacityBytes)
    }

    public var isEnabled: Bool { cache.isEnabled }
}

/// A cell object's bytes: their 128-bit hash and their length.
public struct RawCellKey: Hashable, Sendable {
    var hash: ContentHash
    var length: Int

    public func hash(into hasher: inout Hasher) { hasher.combine(hash.low) }
}

/// What reading those bytes gave: the cell (with `pendingNode` for its tree),
/// where its `node` sits relative to the object's start, and the node's
/// canonical hash.
struct RawCellEntry: Sendable {
    var cell: Cell
    var node: (range: Range<Int>, hash: ContentHash)?

    var cost: Int { 200 + (cell.id?.utf8.count ?? 0) }
}

extension JSONReader {
    /// The 128-bit hash of the raw bytes in `range`.
    func rawHash(_ range: Range<Int>) -> ContentHash {
        var lanes = HashLanes(tag: 9)
        lanes.add(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        lanes.finish()
        return ContentHash(low: lanes.a, high: lanes.b)
    }
}
