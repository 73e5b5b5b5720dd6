import WeftCells
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

    private typealias Held = (job: ContainerLayout.CellJob, work: PreparedContainer.CellWork)

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
    }

    func read(_ cell: Cell, _ source: NodeSource?, section s: Int, slot: CellSlot) throws(RequestError) {
        if stop.isCancelled {
            wasStopped = true
            throw Self.stopped
        }
        let shorthand = shorthand
        if let error = ContainerValidation.cellErrors(cell, path: { RequestPath.cell(slot, section: s, shorthand: shorthand) }).first {
            problem = error.problem
            throw Self.stopped
        }
        guard let job = factory.job(cell, section: s, slot: slot) else { return }
        let work = PreparedContainer.CellWork.unplanned(cell, source, cacheOn: lookUp)
        switch slot {
        case .header:
            if heldItems.isEmpty {
                add(job, work)
                live = true
            } else {
                heldHeader = (job, work)
            }
        case .item: if live { add(job, work) } else { heldItems.append((job, work)) }
        case .footer: heldFooter = (job, work)
        }
    }

    private func add(_ job: ContainerLayout.CellJob, _ work: PreparedContainer.CellWork) {
        cells.append(job, work)
        feed.add()
    }

    func sectionEnded(_ section: Int) throws(RequestError) {
        if let header = heldHeader { add(header.job, header.work) }
        for item in heldItems { add(item.job, item.work) }
        if let footer = heldFooter { add(footer.job, footer.work) }
        (heldHeader, heldItems, heldFooter) = (nil, [], nil)
        live = shorthand
        feed.publish()
    }
}
