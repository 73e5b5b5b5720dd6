import Synchronization
import WeftCells
import WeftLayout

/// `POST /v1/layout` with `Accept: application/x-ndjson`: the answer as a
/// stream of records, one JSON object per line, so a client can draw the
/// first cells long before the last are laid out.
///
/// - `{"record": "start", ...}`: what is known before any layout (the
///   container, the cell counts per section).
/// - `{"record": "cell", "slot", "id", "index", "frame", "kind", "layout", "table"}`:
///   one per cell, as soon as it and every cell before it in the scroll
///   order are placed (tables, pagers); the cells under the viewport come
///   first when `contentOffset` is not at the start. Every record is final
///   (Weft never sends placeholders, so `neverShowPlaceholders` holds for
///   every cell). A collection's flow lines depend on later items, so its
///   cell records follow once all are placed.
/// - `{"record": "end", "contentSize", "warnings", "hints", "stats"}`.
/// - `{"record": "error", "type", "title", "status", "detail", "path"}` instead
///   of the rest when a cell's tree breaks the contract (the 200 is sent by then).
extension ContainerEngine {
    public static let ndjsonContentType = "application/x-ndjson"

    /// Streams a prepared request's records to `write`, one line per call.
    public func stream(
        _ prepared: PreparedContainer, cancellation: CancellationFlag? = nil,
        write: @escaping @Sendable ([UInt8]) -> Void
    ) {
        write(Self.startRecord(prepared))
        let emitter = RecordEmitter(prepared: prepared, write: write)
        let order = emitter.order()
        let stop = CancellationFlag { emitter.failed || (cancellation?.isCancelled ?? false) }
        guard let outcomes = measure(prepared, order: order, cancellation: stop, completed: { k, outcome in
            emitter.completed(k, outcome)
        }) else {
            emitter.finishFailed()
            return
        }
        if let problem = check(prepared, outcomes) {
            write(Self.errorRecord(problem))
            return
        }
        let result = place(prepared, outcomes)
        emitter.flushRemaining(result, outcomes)
        var out = JSONWriter(capacity: 4096)
        out.beginObject()
        out.key("record")
        out.rawString("end")
        out.key("contentSize")
        LayoutResponseEncoder.writeSize(result.contentSize, &out)
        out.key("warnings")
        ContainerResponseEncoder.writeWarnings(nodeWarnings(prepared, outcomes), result.warnings, &out)
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
        out.key("stats")
        ContainerResponseEncoder.writeStats(stats(prepared, outcomes), &out)
        out.endObject()
        write(Self.line(out))
    }

    static func line(_ out: borrowing JSONWriter) -> [UInt8] {
        var bytes = out.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    static func startRecord(_ prepared: PreparedContainer) -> [UInt8] {
        let request = prepared.request
        var out = JSONWriter(capacity: 256 + request.sections.count * 64)
        out.beginObject()
        out.key("record")
        out.rawString("start")
        out.key("type")
        out.string(request.container.type.rawValue)
        out.key("bounds")
        LayoutResponseEncoder.writeSize(request.container.bounds, &out)
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
        out.endObject()
        return line(out)
    }

    static func errorRecord(_ problem: Problem) -> [UInt8] {
        var bytes = Array(#"{"record":"error","#.utf8)
        bytes += problem.body().dropFirst()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    static func cellRecord(_ cell: CellResult, slot: CellSlot, layout: [UInt8]?) -> [UInt8] {
        var out = JSONWriter(capacity: 128 + (layout?.count ?? 0))
        out.beginObject()
        out.key("record")
        out.rawString("cell")
        out.key("slot")
        switch slot {
        case .header: out.rawString("header")
        case .footer: out.rawString("footer")
        case .item: out.rawString("item")
        }
        ContainerResponseEncoder.writeCellMembers(cell, layout, &out)
        out.endObject()
        return line(out)
    }
}

/// The stream's state while the pool reports cells. `completed` is only
/// called by the pool, one call at a time and under its lock (so the state
/// needs no lock of its own); the other methods run after the pool is done.
final class RecordEmitter: @unchecked Sendable {
    private let prepared: PreparedContainer
    private let write: @Sendable ([UInt8]) -> Void
    private var placer: StreamingPlacer?
    private var sent: [Bool]
    /// Table rows above the viewport, held back until the visible rows are out.
    private var heldBack: [[UInt8]] = []
    private var viewportTop: Double
    private var viewportBottom: Double
    private var pastViewport = false
    /// Read by the pool's threads to stop early, hence atomic.
    private let failure = Atomic<Bool>(false)
    var failed: Bool { failure.load(ordering: .acquiring) }

    init(prepared: PreparedContainer, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.prepared = prepared
        self.write = write
        placer = StreamingPlacer(prepared.request)
        sent = Array(repeating: false, count: prepared.jobs.count)
        let c = prepared.request.container
        viewportTop = c.contentOffset.y
        viewportBottom = c.contentOffset.y + c.bounds.height
        // At the start, the order of the rows is already the visible-first order.
        if viewportTop <= 0 { pastViewport = true }
    }

    /// The pool's work order: the visible pages first for a pager; index
    /// order otherwise (a row's place needs every row before it).
    func order() -> [Int]? {
        guard let placer, !placer.needsJobOrder else { return nil }
        let visible = placer.visiblePages()
        guard !visible.isEmpty, visible.lowerBound > 0 || visible.upperBound < prepared.jobs.count else { return nil }
        var order = Array(visible)
        order += (0..<prepared.jobs.count).filter { !visible.contains($0) }
        return order
    }

    func completed(_ k: Int, _ outcome: CellOutcome) {
        guard !failed else { return }
        if let error = outcome.error {
            failure.store(true, ordering: .releasing)
            var e = error
            e.reversedPath.append(contentsOf: ContainerEngine.nodePath(prepared, k).components.reversed())
            write(ContainerEngine.errorRecord(Problem(e)))
            return
        }
        guard placer != nil else { return }
        let job = prepared.jobs[k]
        let cell = placer!.place(job, size: outcome.size)
        let record = ContainerEngine.cellRecord(cell, slot: job.slot, layout: outcome.layout)
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

    private func releaseHeldBack() {
        pastViewport = true
        for record in heldBack { write(record) }
        heldBack = []
    }

    /// After the pool: whatever was not sent yet (held-back rows, a
    /// collection's cells, the visible ones first).
    func flushRemaining(_ result: ContainerResult, _ outcomes: [CellOutcome]) {
        releaseHeldBack()
        guard sent.contains(false) else { return }
        let layouts = CellLayouts(prepared: prepared, outcomes: outcomes)
        var records: [(IndexPath?, [UInt8])] = []
        for (s, section) in result.sections.enumerated() {
            if let h = section.header { records.append((nil, ContainerEngine.cellRecord(h, slot: .header, layout: layouts.layout(s, .header)))) }
            for (i, item) in section.items.enumerated() {
                records.append((item.index, ContainerEngine.cellRecord(item, slot: .item(i), layout: layouts.layout(s, .item(i)))))
            }
            if let f = section.footer { records.append((nil, ContainerEngine.cellRecord(f, slot: .footer, layout: layouts.layout(s, .footer)))) }
        }
        let visible = Set(result.hints.ranges.visible)
        for (index, record) in records where index.map(visible.contains) ?? false { write(record) }
        for (index, record) in records where !(index.map(visible.contains) ?? false) { write(record) }
    }

    func finishFailed() {
        if !failed {
            write(ContainerEngine.errorRecord(Problem(
                .requestTimeout, detail: "the remaining cells were dropped: the request ran out of time or its client went away")))
        }
    }
}
