import WeftCells
import WeftLayout

/// What a cell's layout depends on, apart from the engine's text measurer
/// (one engine, one measurer, one cache): its tree's canonical content, the
/// range its container gives it, that range narrowed by the cell's style,
/// the request's scale and direction, and whether texts list their lines.
package struct CellCacheKey: Hashable, Sendable {
    package var content: ContentHash
    package var range: SizeRange
    package var treeRange: SizeRange
    package var pointScale: Double
    package var direction: LayoutDirection
    package var reportsLines: Bool
    /// A nested container's cell: its entry holds its size, its layout and
    /// its own nested containers' warnings (its decoding's warnings and
    /// element count go with its row), so it never answers a top-level
    /// cell, nor the other way round.
    package var nested = false

    /// The content hash is already uniform; feeding the hasher one word of it
    /// (equality still compares every field) keeps a lookup cheap.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(content.low)
    }
}

/// One measured cell as a later request reuses it without decoding,
/// laying out or encoding it: its size, its `layout` JSON (relative to the
/// cell, so valid wherever the cell lands), and what decoding it produced.
/// Immutable and shared: a class, so a hit copies a reference rather than
/// the entry and the reference counting of its tree.
package final class CachedCell: Sendable {
    package let size: Size
    package let layout: [UInt8]
    /// Relative to the cell's `node`.
    package let warnings: [RequestWarning]
    /// Counted against the request's element limit as if decoded.
    package let elementCount: Int
    /// A `view` root without its children (what the view-cell warning
    /// reads); nil for any other root, which the warning ignores.
    package let root: Element?
    /// The serial of the request that stored it (`CellScope.serial`).
    package let origin: UInt64

    package init(
        size: Size, layout: [UInt8], warnings: [RequestWarning], elementCount: Int, root: Element?, origin: UInt64 = 0
    ) {
        self.origin = origin
        self.size = size
        self.layout = layout
        self.warnings = warnings
        self.elementCount = elementCount
        self.root = root
    }

    /// The layout bytes plus the entry's bookkeeping (and a view root's model).
    var cost: Int {
        layout.count + 160 + (root == nil ? 0 : 1_000) + warnings.reduce(0) { $0 + 64 + $1.detail.utf8.count }
    }
}

package typealias CellLayoutCache = LRUCache<CellCacheKey, CachedCell>
