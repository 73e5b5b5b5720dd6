import Synchronization
import WeftCells
import WeftJSON
import WeftLayout

/// `POST /v1/layout` with `Accept: application/x-ndjson`: the answer as a
/// stream of records, one JSON object per line, so a client can draw the
/// first cells long before the last are laid out. The records, their members
/// and when each is sent are specified in openapi.yaml (`ContainerStreamRecord`
/// and the operation's description). Cell records are final, never
/// placeholders; a collection's come once all its cells are placed, because a
/// flow line depends on the items after it.
///
/// The sink keeps a stream's state while the pool reports cells.
/// `completed` is only called by the pool, one call at a time and under its
/// lock (so the state needs no lock of its own); `finish`, `fail` and
/// `dropped` run after the pool is done.
final class RecordSink: AnswerSink, @unchecked Sendable {
    /// The media type of a streamed answer.
    static let contentType = "application/x-ndjson"

    private let write: @Sendable ([UInt8]) -> Void
    private let answer: AnswerShape
    private var placer: StreamingPlacer?
    /// By job; grows as a stream that reads while it lays out adds jobs.
    private var sent: [Bool] = []
    /// Table rows above the viewport, held back until the visible rows are out.
    private var heldBack: [[UInt8]] = []
    private let viewportTop: Double
    private let viewportBottom: Double
    private var pastViewport = false
    /// Read by the pool's threads to stop early, hence atomic.
    private let failure = Atomic<Bool>(false)
    /// Whether a failed cell's error record waits in `held` until the body
    /// is read to its end: a stream that lays cells out while it reads
    /// reports malformed JSON further on first, as a body read whole does.
    private let holdsCellFailures: Bool
    /// Set on a pool thread, read once the pool is done with the stream.
    private var held: Problem?
    var failed: Bool { failure.load(ordering: .acquiring) }
    var reportsCells: Bool { true }

    /// `request` needs only its container, direction and scale, and for a
    /// pager its pages.
    init(
        request: ContainerRequest, answer: AnswerShape, holdsCellFailures: Bool = false,
        write: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.write = write
        self.answer = answer
        self.holdsCellFailures = holdsCellFailures
        // A pinned header's frame depends on where its section ends, so a
        // table with `pinHeaders` sends its cells once all are placed.
        placer = request.container.pinHeaders ? nil : StreamingPlacer(request)
        let c = request.container
        viewportTop = c.contentOffset.y
        viewportBottom = c.contentOffset.y + c.bounds.height
        // At the start, the order of the rows is already the visible-first order.
        if viewportTop <= 0 { pastViewport = true }
    }

    /// What is known before any cell is read.
    func begin(_ request: ContainerRequest) {
        write(Self.startRecord(request))
    }

    /// The pool's work order: the visible pages first for a pager; index
    /// order otherwise (a row's place needs every row before it).
    func order(jobCount: Int) -> [Int]? {
        guard let placer, !placer.needsJobOrder else { return nil }
        let visible = placer.visiblePages()
        guard !visible.isEmpty, visible.lowerBound > 0 || visible.upperBound < jobCount else { return nil }
        var order = Array(visible)
        order += (0..<jobCount).filter { !visible.contains($0) }
        return order
    }

    func completed(_ k: Int, _ job: ContainerLayout.CellJob, _ outcome: CellOutcome, sentAsRef: Bool, shorthand: Bool) {
        guard !failed else { return }
        if let error = outcome.error {
            if !outcome.unknownRefs.isEmpty {
                failCell(ContainerEngine.unknownRefs(
                    ContainerEngine.faultPaths(job, outcome.unknownRefs, sentAsRef: sentAsRef, shorthand: shorthand)))
                return
            }
            failCell(Problem(ContainerEngine.located(error, job, sentAsRef: sentAsRef, shorthand: shorthand)))
            return
        }
        // A hints answer has no cell records; a stream of one still reports
        // a failed cell (above) as soon as it is found.
        guard placer != nil, answer != .hints else { return }
        let cell = placer!.place(job, size: outcome.size)
        let record = Self.cellRecord(
            cell, slot: job.slot, CellAnswer(outcome, answer, sentAsRef: sentAsRef))
        if k >= sent.count { sent += repeatElement(false, count: k + 1 - sent.count) }
        sent[k] = true
        guard !pastViewport else {
            write(record)
            return
        }
        if cell.frame.y + cell.frame.height <= viewportTop {
            heldBack.append(record)
            return
        }
        write(record)
        if cell.frame.y + cell.frame.height >= viewportBottom { releaseHeldBack() }
    }

    /// Ends the stream with an error record, unless one was sent already; a
    /// cell failure held back is that record.
    func fail(_ problem: Problem) {
        end(with: problem, overridingCellFailure: false)
    }

    /// Ends the stream with the error of malformed JSON found in its body,
    /// which wins over a cell failure held back, as it would in a body read whole.
    func failMalformed(_ problem: Problem) {
        end(with: problem, overridingCellFailure: true)
    }

    private func end(with problem: Problem, overridingCellFailure: Bool) {
        if let cellFailure = held {
            held = nil
            write(Self.errorRecord(overridingCellFailure ? problem : cellFailure))
            return
        }
        guard !failure.exchange(true, ordering: .acquiringAndReleasing) else { return }
        write(Self.errorRecord(problem))
    }

    /// A cell that failed its layout: the stream stops, and its error record
    /// goes out now, or with the end of the read (`holdsCellFailures`).
    private func failCell(_ problem: Problem) {
        guard holdsCellFailures else { return fail(problem) }
        guard !failure.exchange(true, ordering: .acquiringAndReleasing) else { return }
        held = problem
    }

    private func releaseHeldBack() {
        pastViewport = true
        for record in heldBack { write(record) }
        heldBack = []
    }

    /// After the pool: whatever was not sent yet (held-back rows, a
    /// collection's cells, the visible ones first), then the end record.
    func finish(
        _ result: ContainerResult, _ prepared: PreparedContainer, _ outcomes: [CellOutcome],
        warnings: [RequestWarning], stats: ContainerStats
    ) {
        sendRemaining(result, prepared, outcomes)
        write(Self.endRecord(prepared.request, result, warnings: warnings, stats: stats))
    }

    private func sendRemaining(_ result: ContainerResult, _ prepared: PreparedContainer, _ outcomes: [CellOutcome]) {
        releaseHeldBack()
        guard answer != .hints, sent.count < outcomes.count || sent.contains(false) else { return }
        let layouts = CellLayouts(prepared: prepared, outcomes: outcomes)
        // In scroll order, each with what the range hints call it: the
        // visible ones (headers and footers too) go first, in that order.
        var records: [(RangeElement, [UInt8])] = []
        for (s, section) in result.sections.enumerated() {
            if let h = section.header {
                records.append((.supplementary(SupplementaryIndexPath(section: s, kind: .header)),
                                Self.cellRecord(h, slot: .header, layouts.answer(s, .header))))
            }
            for (i, item) in section.items.enumerated() {
                records.append((.item(item.index), Self.cellRecord(item, slot: .item(i), layouts.answer(s, .item(i)))))
            }
            if let f = section.footer {
                records.append((.supplementary(SupplementaryIndexPath(section: s, kind: .footer)),
                                Self.cellRecord(f, slot: .footer, layouts.answer(s, .footer))))
            }
        }
        let visible = Set(result.hints.ranges.visibleElements)
        Turns.checkpoint()
        for (element, record) in records where visible.contains(element) { write(record) }
        for (element, record) in records where !visible.contains(element) { write(record) }
    }

    func dropped() {
        fail(Problem(.requestTimeout, detail: "the remaining cells were dropped: the request ran out of time or its client went away"))
    }

    // MARK: - Records

    private static func line(_ out: borrowing JSONWriter) -> [UInt8] {
        var bytes = out.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// What is known before any cell is read.
    private static func startRecord(_ request: ContainerRequest) -> [UInt8] {
        var out = JSONWriter(capacity: 128)
        out.beginObject()
        out.key("record")
        out.rawString("start")
        out.key("type")
        out.string(request.container.type.rawValue)
        out.key("bounds")
        LayoutResponseEncoder.writeSize(request.container.bounds, &out)
        out.endObject()
        return line(out)
    }

    private static func endRecord(
        _ request: ContainerRequest, _ result: ContainerResult, warnings: [RequestWarning], stats: ContainerStats
    ) -> [UInt8] {
        var out = JSONWriter(capacity: 4096 + request.sections.count * 64)
        out.beginObject()
        out.key("record")
        out.rawString("end")
        out.key("cells")
        out.integer(request.cellCount)
        out.key("sections")
        out.beginArray()
        for section in request.sections {
            out.beginObject()
            if let id = section.id {
                out.key("id")
                out.string(id)
            }
            out.key("items")
            out.integer(section.items.count)
            out.key("header")
            out.bool(section.header != nil)
            out.key("footer")
            out.bool(section.footer != nil)
            out.endObject()
        }
        out.endArray()
        out.key("contentSize")
        LayoutResponseEncoder.writeSize(result.contentSize, &out)
        out.key("warnings")
        ContainerResponseEncoder.writeWarnings(warnings, result.warnings, &out)
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
        out.key("stats")
        ContainerResponseEncoder.writeStats(stats, &out)
        out.endObject()
        return line(out)
    }

    private static func errorRecord(_ problem: Problem) -> [UInt8] {
        var bytes = Array(#"{"record":"error","#.utf8)
        bytes += problem.body().dropFirst()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private static func cellRecord(_ cell: CellResult, slot: CellSlot, _ answer: CellAnswer) -> [UInt8] {
        var out = JSONWriter(capacity: 160 + (answer.layout?.count ?? 0))
        out.beginObject()
        out.key("record")
        out.rawString("cell")
        out.key("slot")
        switch slot {
        case .header: out.rawString("header")
        case .footer: out.rawString("footer")
        case .item: out.rawString("item")
        }
        withUnsafePointer(to: cell) { ContainerResponseEncoder.writeCellMembers($0, answer, &out) }
        out.endObject()
        return line(out)
    }
}
