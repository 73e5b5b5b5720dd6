import WeftCells
import WeftLayout

/// What a cell's layout depends on, apart from the engine's text measurer
/// (one engine, one measurer, one cache): its tree's canonical content, the
/// range its container gives it, that range narrowed by the cell's style,
/// and the request's scale and direction.
public struct CellCacheKey: Hashable, Sendable {
    public var content: ContentHash
    public var range: SizeRange
    public var treeRange: SizeRange
    public var pointScale: Double
    public var direction: LayoutDirection
}

/// One measured cell as a later request reuses it without decoding,
/// laying out or encoding it: its size, its `layout` JSON (relative to the
/// cell, so valid wherever the cell lands), and what decoding it produced.
public struct CachedCell: Sendable {
    public var size: Size
    public var layout: [UInt8]
    /// Relative to the cell's `node`.
    public var warnings: [ResponseWarning]
    /// Counted against the request's element limit as if decoded.
    public var elementCount: Int
    /// The tree's root without its children: what the view-cell warning reads.
    public var root: Element

    /// The layout bytes plus the model's fixed part (an Element with its
    /// Style is about 1 KB) and the entry's bookkeeping.
    var cost: Int { layout.count + 1_200 + warnings.reduce(0) { $0 + 64 + $1.detail.utf8.count } }
}

public typealias CellLayoutCache = LRUCache<CellCacheKey, CachedCell>
