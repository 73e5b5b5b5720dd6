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
    /// The end (exclusive) of the object starting at `offset`, found by
    /// matching brackets outside strings without checking anything else; nil
    /// when the input ends first. Only a memo hit trusts what it spans.
    func objectEnd() -> Int? {
        var i = offset
        let n = bytes.count
        guard i < n, bytes[i] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        while i < n {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                while i < n {
                    let c = bytes[i]
                    if c == UInt8(ascii: "\\") {
                        i += 2
                        continue
                    }
                    if c == UInt8(ascii: "\"") { break }
                    i += 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// The 128-bit hash of the raw bytes in `range`.
    func rawHash(_ range: Range<Int>) -> ContentHash {
        var lanes = HashLanes(tag: 9)
        lanes.add(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        lanes.finish()
        return ContentHash(low: lanes.a, high: lanes.b)
    }
}
