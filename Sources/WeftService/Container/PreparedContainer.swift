import WeftCells
import WeftJSON
import WeftLayout

/// A decoded, validated container request with each cell's work decided:
/// served from the cache, or decoded and laid out by the pool.
package struct PreparedContainer: Sendable {
    package var request: ContainerRequest
    /// What laying out each of its cells reads besides the cell.
    package var scope: CellScope
    /// Every cell to measure, in `ContainerLayout.jobs` order. A node cell's
    /// `node` is a placeholder until the pool has decoded it (see `finish`).
    package var jobs: [ContainerLayout.CellJob]
    package var work: [CellWork]
    /// Where each job's content sits (and the ref it was sent as).
    package var sources: [CellSource]
    /// What the answer carries.
    package var answer: AnswerShape = .full
    /// For a `hints` answer: where its placement is remembered (`PlacementMemo`).
    package var placementKey: PlacementKey?
    /// With `.lookUp` work the hits and misses are only known after measuring
    /// (`ContainerEngine.stats`); these then count the cells alone.
    package var stats: ContainerStats
    /// Items read in full while the raw-cell memo is on, remembered once
    /// their trees are hashed.
    var unseen: [Unseen] = []

    /// An item of job `job` whose bytes, at `start` in the body, the memo
    /// did not know (its raw key is `key`).
    struct Unseen: Sendable {
        var job: Int
        var key: RawCellKey
        var start: Int
    }
}

/// What laying out one cell of a request reads besides the cell itself.
/// All of it is known once the request is read up to its cells, so a stream
/// laid out while it is read has it before its first cell.
package struct CellScope: Sendable {
    /// The request body: cell trees are decoded from it on the pool.
    package var body: [UInt8]
    /// The request's scale and direction, which the cells' cache keys hold.
    package var pointScale: Double
    package var direction: LayoutDirection
    /// Every text lists its line boxes (`?lines=1`).
    package var reportsLines: Bool
    /// Tells this request's own cache entries from those it found.
    package var serial: UInt64
    /// The content this request adds to the shared store, written once its cells are laid out.
    package var writes = ContentWrites()

    /// The scope of `request`'s cells, read from `body`.
    init(_ request: ContainerRequest, body: [UInt8], reportsLines: Bool, serial: UInt64) {
        self.body = body
        pointScale = request.pointScale
        direction = request.direction
        self.reportsLines = reportsLines
        self.serial = serial
    }
}

/// The response's `stats`: cells in the request and how the cache served them.
package struct ContainerStats: Sendable, Hashable {
    package var cells: Int
    package var cacheHits: Int
    package var cacheMisses: Int
}

/// One cell after the engine: its size and its encoded `layout`, and what
/// decoding its tree found.
package struct CellOutcome: Sendable {
    package var size: Size
    /// Nil for interop cells.
    package var layout: [UInt8]?
    /// Relative to the cell's `node`.
    package var warnings: [RequestWarning] = []
    package var elementCount = 0
    /// The line boxes `layout` lists (`ReportedLines`).
    package var lineBoxes = 0
    /// The tree's root without children (what the view-cell warning reads).
    package var root: Element?
    /// The tree broke the contract (its path is relative to the cell's `node`).
    package var error: RequestError?
    /// Cells of nested containers in the tree that were sent as refs the
    /// content store does not know (paths relative to the cell's `node`);
    /// `error` is then the 409's.
    package var unknownRefs: [RequestPath] = []
    /// The canonical hash of the cell's tree, where it was taken (its
    /// cache key, its content key): the raw-cell memo keeps it.
    package var contentHash: ContentHash?
    /// The cell's content key (`ContentKey`); nil when its tree broke the contract.
    package var key: CellContentKey?
    /// For `.lookUp` work: whether the cache served the cell. An entry this
    /// same request stored counts as a miss, as it would had the lookups all
    /// run before any layout, so the count does not depend on the threads.
    package var servedFromCache: Bool?

    package init(
        size: Size, layout: [UInt8]?, warnings: [RequestWarning] = [], elementCount: Int = 0, root: Element? = nil,
        error: RequestError? = nil
    ) {
        self.size = size
        self.layout = layout
        self.warnings = warnings
        self.elementCount = elementCount
        self.root = root
        self.error = error
    }

    /// What a cache hit replays: the outcome the miss that stored it computed.
    init(cached: CachedCell) {
        self.init(
            size: cached.size, layout: cached.layout, warnings: cached.warnings, elementCount: cached.elementCount,
            root: cached.root)
        lineBoxes = cached.lineBoxes
    }
}

extension ContainerError {
    /// The 422 a validation error answers with.
    var problem: Problem { Problem(requestError) }

    /// The error as the decoders report it, its path from the request's
    /// root (or, inside a `container` element, from that element).
    var requestError: RequestError {
        let type: ProblemType
        switch reason {
        case .invalidValue, .pageOutOfRange: type = .invalidValue
        case .missingCellContent, .missingID: type = .missingField
        case .duplicateID: type = .duplicateID
        case .notApplicable: type = .unknownKey
        case .tooManyCells: type = .limitExceeded
        }
        return RequestError(type, detail, reversedPath: path.components.reversed())
    }
}
