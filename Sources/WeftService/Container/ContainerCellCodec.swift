import WeftCells
import WeftJSON
import WeftLayout

/// The container engine's side of `CellRunner`: a cell's tree hashed and
/// decoded from the body (or from the content a ref resolved to), laid out
/// and encoded, and its outcome finished (`ContainerEngine.finished`). Two
/// stores of cells conform: a request read whole (`PreparedCells`) and a
/// stream laid out while it is read (`FedCells`).
protocol ContainerCellCodec: CellCodec where Hashing == NestedCellHashes {
    var engine: ContainerEngine { get }
    var scope: CellScope { get }
    var context: LayoutContext { get }
    func job(_ k: Int) -> ContainerLayout.CellJob
    func source(_ k: Int) -> CellSource
    func keep(_ k: Int, _ outcome: CellOutcome)
}

extension ContainerCellCodec {
    var serial: UInt64 { scope.serial }

    /// The bytes a cell's ranges index: the content its ref resolved to, or the body.
    func bytes(_ source: CellSource) -> [UInt8] { source.stored ?? scope.body }

    func hash(_ k: Int) -> (ContentHash, NestedCellHashes)? {
        let source = source(k)
        guard let node = source.node else { return nil }
        if let known = node.hash { return (known, NestedCellHashes()) }
        var nested = NestedCellHashes()
        guard let content = ContainerEngine.hash(bytes(source), node, collecting: &nested) else { return nil }
        return (content, nested)
    }

    func cacheKey(_ k: Int, _ content: ContentHash) -> CellCacheKey {
        engine.cacheKey(content, job(k), scope)
    }

    func layOut(_ k: Int, key: CellCacheKey?, hashing: NestedCellHashes?, lookedUp: Bool) -> CachedCell? {
        let job = job(k)
        let source = source(k)
        let bytes = bytes(source)
        guard let node = source.node else {
            measureWithoutTree(k)
            return nil
        }
        var nested = hashing ?? NestedCellHashes()
        var content = key?.content ?? node.hash
        // Hashed for its content key all the same: before the layout, so
        // that the pass also finds its nested cells' parts.
        if content == nil, let (hashed, found) = hash(k) { (content, nested) = (hashed, found) }
        var (outcome, entry) = engine.decodeAndLayOut(job, node, bytes, key: key, nested: nested, scope, context)
        if lookedUp { outcome.servedFromCache = false }
        keep(k, engine.finished(outcome, content: content, job, source, bytes, scope))
        return entry
    }

    func replay(_ k: Int, _ cached: CachedCell, content: ContentHash, servedFromCache: Bool?) {
        let source = source(k)
        var outcome = CellOutcome(cached: cached)
        outcome.servedFromCache = servedFromCache
        keep(k, engine.finished(outcome, content: content, job(k), source, bytes(source), scope))
    }

    func measureWithoutTree(_ k: Int) {
        let job = job(k)
        let source = source(k)
        let size = CellMeasurer.measure(job.cell, in: job.range, context: context).size
        keep(k, engine.finished(CellOutcome(size: size, layout: nil), content: nil, job, source, bytes(source), scope))
    }
}

/// A request read whole: its planned cells, and each outcome as the thread
/// that ran the cell keeps it.
final class PreparedCells: ContainerCellCodec, @unchecked Sendable {
    let engine: ContainerEngine
    let prepared: PreparedContainer
    let scope: CellScope
    let context: LayoutContext
    private let outcomes: SegmentedSlots<CellOutcome>

    init(_ prepared: PreparedContainer, engine: ContainerEngine, context: LayoutContext) {
        self.engine = engine
        self.prepared = prepared
        scope = prepared.scope
        self.context = context
        outcomes = SegmentedSlots(capacity: prepared.jobs.count)
        outcomes.grow(to: prepared.jobs.count)
    }

    func work(_ k: Int) -> CellWork { prepared.work[k] }
    func job(_ k: Int) -> ContainerLayout.CellJob { prepared.jobs[k] }
    func source(_ k: Int) -> CellSource { prepared.sources[k] }
    func keep(_ k: Int, _ outcome: CellOutcome) { outcomes[k] = outcome }
    func outcome(_ k: Int) -> CellOutcome { outcomes[k]! }

    /// Once the runner is done with every cell.
    var allOutcomes: [CellOutcome] { (0..<prepared.jobs.count).map(outcome) }
}
