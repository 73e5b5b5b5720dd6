import WeftCells
import WeftJSON
import WeftLayout
import WeftSync

/// Remembers cell objects by their exact bytes, so that reading a request
/// whose cells were all seen before costs a bracket scan and a hash per cell
/// instead of a full grammar check and decode: the same bytes are the same
/// valid cell (JSON grammar and the cell contract are context-free within
/// one value), whatever request they arrive in.
package final class RawCellMemo: Sendable {
    let cache: LRUCache<RawCellKey, RawCellEntry>
    /// The byte length of each item of the last `items` array read, by
    /// position: a client resending its list mostly sends the same items in
    /// the same places, so item i is first looked up at its old length and
    /// only scanned for its end when that misses.
    let lastItemLengths = Protected<[Int]>([])

    package init(capacityBytes: Int) {
        cache = LRUCache(capacityBytes: capacityBytes)
    }

    package var isEnabled: Bool { cache.isEnabled }
}

/// A cell object's bytes: their 128-bit hash and their length.
package struct RawCellKey: Hashable, Sendable {
    var hash: ContentHash
    var length: Int

    package func hash(into hasher: inout Hasher) { hasher.combine(hash.low) }
}

/// What reading those bytes gave: the cell (its tree pending),
/// where its parts sit relative to the object's start, and the node's
/// canonical hash.
struct RawCellEntry: Sendable {
    var cell: Cell
    var source: CellSource

    var cost: Int { 200 + (cell.id?.utf8.count ?? 0) }
}

extension JSONReader {
    /// `start + length` when the bytes there could end an item: a `}` followed
    /// (after white space) by `,` or `]`. Only a memo hit on exactly those bytes
    /// makes it the item's end; this just keeps most wrong guesses from
    /// costing a hash.
    func plausibleItemEnd(start: Int, length: Int) -> Int? {
        let end = start + length
        guard length >= 2, end <= bytes.count, bytes[end - 1] == UInt8(ascii: "}") else { return nil }
        var i = end
        while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: "]") else { return nil }
        return end
    }

    /// The 128-bit hash of the raw bytes in `range`.
    func rawHash(_ range: Range<Int>) -> ContentHash {
        var lanes = HashLanes(tag: 9)
        lanes.add(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        lanes.finish()
        return ContentHash(low: lanes.a, high: lanes.b)
    }
}
