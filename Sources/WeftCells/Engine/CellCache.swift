import WeftLayout

/// A 128-bit hash of a JSON value's meaning, not its spelling: object members
/// are combined order-independently, numbers by value (`1`, `1.0` and `1e0`
/// agree; `-0` is `0`), strings by their decoded bytes (`"\u0041"` is `"A"`),
/// and whitespace does not count. Two values with the same hash decode to the
/// same element tree, which is what lets the cell cache skip decoding.
///
/// 128 bits (two independently seeded 64-bit lanes) because a collision would
/// silently give one cell another's layout; at that width it is not a
/// practical concern.
public struct ContentHash: Hashable, Sendable {
    package var low: UInt64
    package var high: UInt64

    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }
}

/// What a cell's layout depends on, apart from the engine's text measurer
/// (one engine, one measurer, one cache): its tree's canonical content, the
/// range its container gives it, that range narrowed by the cell's style,
/// the request's scale and direction, and whether texts list their lines.
public struct CellCacheKey: Hashable, Sendable {
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

    package init(
        content: ContentHash, range: SizeRange, treeRange: SizeRange, pointScale: Double, direction: LayoutDirection,
        reportsLines: Bool, nested: Bool = false
    ) {
        self.content = content
        self.range = range
        self.treeRange = treeRange
        self.pointScale = pointScale
        self.direction = direction
        self.reportsLines = reportsLines
        self.nested = nested
    }

    /// The content hash is already uniform; feeding the hasher one word of it
    /// (equality still compares every field) keeps a lookup cheap.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(content.low)
    }
}

/// One measured cell as a later request reuses it without decoding,
/// laying out or encoding it: its size, its `layout` JSON (relative to the
/// cell, so valid wherever the cell lands), and what decoding it produced.
/// Immutable and shared: a class, so a hit copies a reference rather than
/// the entry and the reference counting of its tree.
public final class CachedCell: Sendable {
    package let size: Size
    package let layout: [UInt8]
    /// Relative to the cell's `node`.
    package let warnings: [RequestWarning]
    /// Counted against the request's element limit as if decoded.
    package let elementCount: Int
    /// The line boxes `layout` lists, counted against the request's limit of them.
    package let lineBoxes: Int
    /// A `view` root without its children (what the view-cell warning
    /// reads); nil for any other root, which the warning ignores.
    package let root: Element?
    /// The serial of the request that stored it (`CellScope.serial`).
    public let origin: UInt64

    package init(
        size: Size, layout: [UInt8], warnings: [RequestWarning], elementCount: Int, root: Element?, origin: UInt64 = 0,
        lineBoxes: Int = 0
    ) {
        self.origin = origin
        self.lineBoxes = lineBoxes
        self.size = size
        self.layout = layout
        self.warnings = warnings
        self.elementCount = elementCount
        self.root = root
    }

    /// The layout bytes plus the entry's bookkeeping (and a view root's model).
    public var cost: Int {
        layout.count + 160 + (root == nil ? 0 : 1_000) + warnings.reduce(0) { $0 + 64 + $1.detail.utf8.count }
    }
}

/// The cell cache: laid-out cells by what their layout depends on.
public typealias CellLayoutCache = LRUCache<CellCacheKey, CachedCell>
