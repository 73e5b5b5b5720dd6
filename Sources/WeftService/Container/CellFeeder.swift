import WeftCells
import WeftJSON
import WeftLayout

/// A pipelined stream's reader side: checks each cell as the body is read
/// and hands its job to the pool in the scroll order. A section's header
/// comes before its items in that order, so items read before the section
/// is known to have no header (or before a header that follows them in the
/// body) are held until the section's object closes; footers always wait
/// for it. The `items` shorthand has neither, so its items go at once.
final class CellFeeder: CellReadObserver {
    private let factory: ContainerLayout.JobFactory
    private let shorthand: Bool
    private let lookUp: Bool
    private let cells: FedCells
    private let feed: PoolFeed
    private let stop: CancellationFlag
    /// A cell that breaks the contract (it stopped the read).
    private(set) var problem: Problem?
    /// The read stopped because the stream did (its client went, a cell failed).
    private(set) var wasStopped = false
    private var live: Bool
    private var heldHeader: Held?
    private var heldItems: [Held] = []
    private var heldFooter: Held?
    private var ids: CellIDs

    private typealias Held = (job: ContainerLayout.CellJob, work: CellWork, source: CellSource)

    /// Thrown to stop the read; the stream then reports `problem` or the stop.
    static let stopped = RequestError(.invalidValue, "the stream stopped reading")

    init(
        factory: ContainerLayout.JobFactory, shorthand: Bool, lookUp: Bool, cells: FedCells, feed: PoolFeed,
        stop: CancellationFlag
    ) {
        self.cells = cells
        self.factory = factory
        self.shorthand = shorthand
        self.lookUp = lookUp
        self.feed = feed
        self.stop = stop
        live = shorthand
        ids = CellIDs(shorthand: shorthand)
    }

    func read(_ cell: Cell, _ source: CellSource, section s: Int, slot: CellSlot) throws(RequestError) {
        if stop.isCancelled {
            wasStopped = true
            throw Self.stopped
        }
        let shorthand = shorthand
        // Bodies with refs are read whole (`ContainerEngine.mayHoldRefs`),
        // however the key is spelled; a ref here would have slipped past
        // that check, and is reported as unknown rather than laid out wrong.
        if source.ref != nil {
            problem = ContainerEngine.unknownRefs([RequestPath.cell(slot, section: s, shorthand: shorthand)])
            throw Self.stopped
        }
        if let error = ContainerValidation.cellErrors(cell, path: { RequestPath.cell(slot, section: s, shorthand: shorthand) }).first
            ?? ids.check(cell.id, section: s, slot: slot)
        {
            problem = error.problem
            throw Self.stopped
        }
        guard let job = factory.job(cell, section: s, slot: slot) else { return }
        let held: Held = (job, .unplanned(cell, sentTree: source.node != nil, cacheOn: lookUp), source)
        switch slot {
        case .header:
            if heldItems.isEmpty {
                add(held)
                live = true
            } else {
                heldHeader = held
            }
        case .item: if live { add(held) } else { heldItems.append(held) }
        case .footer: heldFooter = held
        }
    }

    private func add(_ cell: Held) {
        cells.append(cell.job, cell.work, cell.source)
        feed.add()
    }

    func sectionEnded(_ section: Int) throws(RequestError) {
        if let header = heldHeader { add(header) }
        for item in heldItems { add(item) }
        if let footer = heldFooter { add(footer) }
        (heldHeader, heldItems, heldFooter) = (nil, [], nil)
        live = shorthand
        feed.publish()
    }
}
