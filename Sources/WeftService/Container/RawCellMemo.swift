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
    ///
    /// Eight bytes at a time: a word with no byte that matters in the current
    /// state (a quote or bracket outside strings; a quote or backslash inside)
    /// is passed over whole, since this scan bounds how fast a request of
    /// cells seen before is read.
    func objectEnd() -> Int? {
        let n = bytes.count
        var i = offset
        guard i < n, let base = bytes.baseAddress, base[i] == UInt8(ascii: "{") else { return nil }
        let raw = UnsafeRawPointer(base)
        var depth = 0
        var inString = false
        while i < n {
            if i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let stops = inString ? Self.stringStops(w) : Self.structureStops(w)
                if stops == 0 {
                    i += 8
                    continue
                }
                i += stops.trailingZeroBitCount / 8
            }
            let b = base[i]
            if inString {
                if b == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if b == UInt8(ascii: "\"") { inString = false }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
            }
            i += 1
        }
        return nil
    }

    /// Quotes and backslashes of a word inside a string.
    @inline(__always)
    private static func stringStops(_ w: UInt64) -> UInt64 {
        zeroBytes(w ^ 0x2222_2222_2222_2222) | zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)
    }

    /// Quotes and brackets of a word outside strings: `[` and `]` differ from
    /// `{` and `}` only in bit 5, so setting it folds the four into two.
    @inline(__always)
    private static func structureStops(_ w: UInt64) -> UInt64 {
        let folded = w | 0x2020_2020_2020_2020
        return zeroBytes(w ^ 0x2222_2222_2222_2222) | zeroBytes(folded ^ 0x7B7B_7B7B_7B7B_7B7B)
            | zeroBytes(folded ^ 0x7D7D_7D7D_7D7D_7D7D)
    }

    /// The 128-bit hash of the raw bytes in `range`.
    func rawHash(_ range: Range<Int>) -> ContentHash {
        var lanes = HashLanes(tag: 9)
        lanes.add(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        lanes.finish()
        return ContentHash(low: lanes.a, high: lanes.b)
    }
}
