import WeftLayout

/// `POST /v1/layout` for a container of cells, in two passes:
///
/// 1. `jobs(for:)` gives every cell its constrained size and
///    `CellMeasurer.measure` lays each one out on its own: a pure function
///    of (cell, range, context), so the cell engine may run these in
///    parallel and cache them.
/// 2. `place(_:measured:)` puts the measured cells where the container puts
///    them and computes the hints.
///
/// The request must have passed `ContainerValidation.validate` first.
public enum ContainerLayout {
    /// Measures the cells one after another on the calling thread.
    public static func layout(_ request: ContainerRequest, context: LayoutContext) -> ContainerResult {
        layout(request, context: context) { jobs, context in
            CellMeasurer.measure(jobs, context: context)
        }
    }

    /// Lets the caller measure the cells its own way (a worker pool, a
    /// cache): `measureAll` must return one `CellMeasurer.measure` result per
    /// job, in the jobs' order.
    public static func layout(
        _ request: ContainerRequest, context: LayoutContext,
        measureAll: ([CellJob], LayoutContext) -> [MeasuredCell]
    ) -> ContainerResult {
        let context = cellContext(request, context)
        let jobs = jobs(for: request)
        return place(request, jobs: jobs, measured: measureAll(jobs, context))
    }

    /// The request's own scale and direction win over the caller's context;
    /// the context brings what the request cannot (the text measurer).
    public static func cellContext(_ request: ContainerRequest, _ context: LayoutContext) -> LayoutContext {
        var c = context
        c.pointScale = request.pointScale
        c.direction = request.direction
        return c
    }

    /// One cell to measure, and where its result goes.
    public struct CellJob: Sendable {
        /// The section the cell belongs to.
        public var section: Int
        /// Header, footer, or the item's index within its section.
        public var slot: CellSlot
        /// The cell as the request gave it.
        public var cell: Cell
        /// The size range the cell is measured in (its constrained size).
        public var range: SizeRange
    }

    /// Every cell the container lays out, with the range it is measured in:
    /// headers, items, footers, section by section. A supplementary cell whose
    /// range leaves it no length is not laid out (ASCollectionViewFlowLayoutInspector.mm).
    public static func jobs(for request: ContainerRequest) -> [CellJob] {
        let factory = JobFactory(request)
        var jobs: [CellJob] = []
        jobs.reserveCapacity(request.cellCount)
        // By index: a loop over the sections or their cells would copy each
        // cell once more than the one copy its job keeps.
        for s in request.sections.indices {
            if let header = request.sections[s].header, let job = factory.job(header, section: s, slot: .header) {
                jobs.append(job)
            }
            for i in request.sections[s].items.indices {
                Turns.checkpoint()
                if let job = factory.job(request.sections[s].items[i], section: s, slot: .item(i)) { jobs.append(job) }
            }
            if let footer = request.sections[s].footer, let job = factory.job(footer, section: s, slot: .footer) {
                jobs.append(job)
            }
        }
        return jobs
    }

    /// One cell's job, from what the range depends on: the container, the
    /// direction and the scale, not the other cells. A stream makes its jobs
    /// with it while the rest of the body is still being read.
    public struct JobFactory: Sendable {
        private let geometry: ContainerGeometry

        /// Jobs for the cells of `request`'s container.
        public init(_ request: ContainerRequest) { geometry = ContainerGeometry(request) }

        /// Nil for a supplementary cell that is not laid out (see `jobs(for:)`).
        public func job(_ cell: borrowing Cell, section: Int, slot: CellSlot) -> CellJob? {
            guard let range = ConstrainedSizes.range(for: cell, slot: slot, in: geometry) else { return nil }
            return CellJob(section: section, slot: slot, cell: copy cell, range: range)
        }
    }

    /// The second pass: `measured[k]` is the measurement of `jobs[k]`.
    public static func place(
        _ request: ContainerRequest, jobs: [CellJob], measured: consuming [MeasuredCell],
        pageLimit: Int = ContainerLimits.maxPages
    ) -> ContainerResult {
        finish(request, placeCells(request, jobs: jobs, measured: consume measured), pageLimit: pageLimit)
    }

    /// The cells placed, before what depends on where the viewport is (pinned
    /// headers, hints): the same for every `contentOffset`, so a client that
    /// only scrolls can be answered from it (`finish`).
    package struct PlacedCells: Sendable {
        let placement: Placement
        let warnings: [RequestWarning]
        /// What the placing fields resolve to; the hints read it again.
        let geometry: ContainerGeometry
    }

    /// Frames for every measured cell, in content coordinates.
    package static func placeCells(
        _ request: ContainerRequest, jobs: [CellJob], measured: consuming [MeasuredCell]
    ) -> PlacedCells {
        precondition(jobs.count == measured.count, "one measurement per job")
        let geometry = ContainerGeometry(request)
        var sections = request.sections.map { MeasuredSection(items: Array(repeating: MeasuredCell(size: .zero, layout: nil), count: $0.items.count)) }
        var warnings: [RequestWarning] = []
        // Supplementary cells without a job were dropped, so they stay nil here.
        var droppedSupplementary = request.sections.map { ($0.header != nil, $0.footer != nil) }
        // By index: a loop over the jobs would copy each one, and its cell.
        for k in jobs.indices {
            let s = jobs[k].section
            // Each measurement moves to its place: a copy would retain its layout.
            switch jobs[k].slot {
            case .header:
                var moved = MeasuredCell(size: .zero, layout: nil)
                swap(&moved, &measured[k])
                sections[s].header = moved
                droppedSupplementary[s].0 = false
            case .footer:
                var moved = MeasuredCell(size: .zero, layout: nil)
                swap(&moved, &measured[k])
                sections[s].footer = moved
                droppedSupplementary[s].1 = false
            case .item(let i): swap(&sections[s].items[i], &measured[k])
            }
            // Most cells are not views; asking the warning would copy the job's cell.
            if jobs[k].cell.isViewCell, let detail = ViewCellWarning.detail(for: jobs[k].cell) {
                warnings.append(RequestWarning(path: path(jobs[k], request), detail: detail))
            }
        }
        for (s, dropped) in droppedSupplementary.enumerated() where dropped.0 || dropped.1 {
            for (slot, isDropped) in [(CellSlot.header, dropped.0), (.footer, dropped.1)] where isDropped {
                warnings.append(RequestWarning(
                    path: RequestPath.cell(slot, section: s, shorthand: request.usesItemsShorthand),
                    detail: "not laid out: its constrainedSize leaves it no length along the scroll axis"))
            }
        }

        // Supplementary cells that were not laid out have no measurement and get no result.
        let placement: Placement
        switch geometry.type {
        case .table: placement = StreamingPlacer.placeTable(request, sections, geometry)
        case .collection: placement = CollectionPlacement.place(request, sections, geometry)
        case .pager: placement = PagerLayout.place(request, sections, geometry)
        }
        warnings.append(contentsOf: placement.warnings)
        return PlacedCells(placement: placement, warnings: warnings, geometry: geometry)
    }

    /// Pinned headers and the hints at `request`'s content offset, for cells
    /// `placeCells` placed with the same cells and placing fields.
    package static func finish(
        _ request: ContainerRequest, _ placed: PlacedCells, pageLimit: Int = ContainerLimits.maxPages
    ) -> ContainerResult {
        let geometry = placed.geometry
        var placement = placed.placement
        var warnings = placed.warnings
        if request.container.pinHeaders { placement.pinHeaders(request, geometry) }
        let hints = ContainerHints.compute(request, placement, geometry, pageLimit: pageLimit, warnings: &warnings)
        return ContainerResult(
            contentSize: placement.contentSize, sections: placement.sections, warnings: warnings, hints: hints)
    }

    private static func path(_ job: CellJob, _ request: ContainerRequest) -> RequestPath {
        RequestPath.cell(job.slot, section: job.section, shorthand: request.usesItemsShorthand)
    }
}
