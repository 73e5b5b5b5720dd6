import WeftCells
import WeftLayout

/// Slots that one thread adds to while others read and write those already
/// added: fixed-size segments that never move, so a slot's address stays
/// valid as the store grows (a Swift array would reallocate under readers).
/// Safe use needs a happens-before from `grow` to any other thread's access,
/// which the pool's lock gives.
final class SegmentedSlots<Value>: @unchecked Sendable {
    private static var segmentSize: Int { 1024 }
    private let table: UnsafeMutablePointer<UnsafeMutablePointer<Value?>?>
    private let maxSegments: Int
    private(set) var count = 0

    init(capacity: Int) {
        maxSegments = max(1, (capacity + Self.segmentSize - 1) / Self.segmentSize)
        table = .allocate(capacity: maxSegments)
        table.initialize(repeating: nil, count: maxSegments)
    }

    deinit {
        for s in 0..<maxSegments {
            guard let segment = table[s] else { break }
            segment.deinitialize(count: Self.segmentSize)
            segment.deallocate()
        }
        table.deinitialize(count: maxSegments)
        table.deallocate()
    }

    /// Makes room for slots up to `newCount` (empty until written).
    func grow(to newCount: Int) {
        precondition(newCount <= maxSegments * Self.segmentSize, "more slots than the store's capacity")
        while count < newCount {
            let s = count / Self.segmentSize
            if table[s] == nil {
                let segment = UnsafeMutablePointer<Value?>.allocate(capacity: Self.segmentSize)
                segment.initialize(repeating: nil, count: Self.segmentSize)
                table[s] = segment
            }
            count = min(newCount, (s + 1) * Self.segmentSize)
        }
    }

    subscript(k: Int) -> Value? {
        get { table[k / Self.segmentSize]![k % Self.segmentSize] }
        set { table[k / Self.segmentSize]![k % Self.segmentSize] = newValue }
    }
}

/// A pipelined stream's cells as the runner sees them: each job and its
/// work, stored by the reader before the pool hears of the index, and each
/// outcome, stored by the thread that laid the cell out.
final class FedCells: ContainerCellCodec, @unchecked Sendable {
    let engine: ContainerEngine
    let scope: CellScope
    let context: LayoutContext
    private let jobs: SegmentedSlots<ContainerLayout.CellJob>
    private let work: SegmentedSlots<CellWork>
    private let sources: SegmentedSlots<CellSource>
    private let outcomes: SegmentedSlots<CellOutcome>
    private(set) var count = 0

    init(capacity: Int, engine: ContainerEngine, scope: CellScope, context: LayoutContext) {
        self.engine = engine
        self.scope = scope
        self.context = context
        jobs = SegmentedSlots(capacity: capacity)
        work = SegmentedSlots(capacity: capacity)
        sources = SegmentedSlots(capacity: capacity)
        outcomes = SegmentedSlots(capacity: capacity)
    }

    /// The reader's side, before it tells the pool.
    func append(_ job: ContainerLayout.CellJob, _ work: CellWork, _ source: CellSource) {
        count += 1
        jobs.grow(to: count)
        self.work.grow(to: count)
        sources.grow(to: count)
        outcomes.grow(to: count)
        jobs[count - 1] = job
        self.work[count - 1] = work
        sources[count - 1] = source
    }

    func job(_ k: Int) -> ContainerLayout.CellJob { jobs[k]! }
    func work(_ k: Int) -> CellWork { work[k]! }
    func source(_ k: Int) -> CellSource { sources[k]! }
    func outcome(_ k: Int) -> CellOutcome { outcomes[k]! }
    func keep(_ k: Int, _ outcome: CellOutcome) { outcomes[k] = outcome }

    /// Once the pool is done with every cell.
    var allJobs: [ContainerLayout.CellJob] { (0..<count).map(job) }
    var allWork: [CellWork] { (0..<count).map(work) }
    var allSources: [CellSource] { (0..<count).map(source) }
    var allOutcomes: [CellOutcome] { (0..<count).map(outcome) }
}
