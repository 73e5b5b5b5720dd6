import WeftCells
import WeftJSON
import WeftLayout

/// Writes a container response (openapi.yaml, `ContainerResponse`): `contentSize`, `warnings`,
/// `sections[].items[]` (and headers, footers), `hints` and `stats`. Each
/// cell's `layout` was encoded by the engine (or came from the cache) and is
/// copied in as bytes.
package enum ContainerResponseEncoder {
    package static func encode(
        _ result: ContainerResult, warnings: [RequestWarning], stats: ContainerStats, prepared: PreparedContainer,
        outcomes: [CellOutcome]
    ) -> [UInt8] {
        let layouts = prepared.answer == .hints ? nil : CellLayouts(prepared: prepared, outcomes: outcomes)
        let capacity = estimatedSize(result, warnings: warnings, outcomes: outcomes)
        return JSONWriter.document(capacity: capacity) { out in
            write(result, warnings: warnings, stats: stats, layouts: layouts, &out)
        }
    }

    /// A `hints` answer: no cells.
    static func encodeHints(_ result: ContainerResult, warnings: [RequestWarning], stats: ContainerStats) -> [UInt8] {
        JSONWriter.document(capacity: estimatedSize(result, warnings: warnings, outcomes: [])) { out in
            write(result, warnings: warnings, stats: stats, layouts: nil, &out)
        }
    }

    /// At least the response's size in practice (a miss only costs a copy):
    /// the cells' layouts as encoded, plus generous room for everything
    /// around them. Room never written to is never faulted in.
    static func estimatedSize(_ result: ContainerResult, warnings: [RequestWarning], outcomes: [CellOutcome]) -> Int {
        // A number takes at most 24 bytes; a cell's members around its
        // layout, with three frames (a header's pinned frame is its only
        // other one), stay well below 640 bytes plus its id
        // escaped (at most 6 bytes per byte).
        var size = 4096 + result.warnings.count * 256 + warnings.count * 256
        for outcome in outcomes { size += 640 + (outcome.layout?.count ?? 0) }
        for section in result.sections {
            size += 64 + 6 * (section.id?.utf8.count ?? 0)
            for item in section.items { size += 6 * (item.id?.utf8.count ?? 0) }
            size += 6 * ((section.header?.id?.utf8.count ?? 0) + (section.footer?.id?.utf8.count ?? 0))
        }
        let ranges = result.hints.ranges
        size += 48 * (ranges.visible.count + ranges.display.count + ranges.preload.count) + 320 * result.hints.pages.count
        let supplementary = ranges.supplementary
        size += 64 * (supplementary.visible.count + supplementary.display.count + supplementary.preload.count)
        for w in warnings { size += 6 * w.detail.utf8.count + 64 * w.path.components.count }
        for w in result.warnings { size += 6 * w.detail.utf8.count + 64 * w.path.components.count }
        return size
    }

    /// The answer; without `layouts` (a `hints` answer), no `sections`.
    private static func write(
        _ result: ContainerResult, warnings: [RequestWarning], stats: ContainerStats, layouts: CellLayouts?,
        _ out: inout JSONWriter
    ) {
        out.beginObject()
        out.key("contentSize")
        LayoutResponseEncoder.writeSize(result.contentSize, &out)
        out.key("warnings")
        writeWarnings(warnings, result.warnings, &out)
        if let layouts { writeSections(result.sections, &out) { s, slot, _ in layouts.answer(s, slot) } }
        out.key("hints")
        writeHints(result.hints, &out)
        out.key("stats")
        writeStats(stats, &out)
        out.endObject()
    }

    /// `sections`, each cell with the answer `answer` gives for its place
    /// (a container answer's, or a nested container node's), given the
    /// placed cell where it stands.
    static func writeSections(
        _ sections: [SectionResult], _ out: inout JSONWriter,
        answer: (Int, CellSlot, UnsafePointer<CellResult>) -> CellAnswer
    ) {
        out.key("sections")
        out.beginArray()
        for (s, section) in sections.enumerated() {
            out.beginObject()
            if let id = section.id {
                out.key("id")
                out.string(id)
            }
            if let header = section.header {
                out.key("header")
                withUnsafePointer(to: header) { writeCell($0, answer(s, .header, $0), &out) }
            }
            out.key("items")
            out.beginArray()
            // Through the buffer: an array's subscript hands out a copy of
            // the result (its id, its layout), its buffer's a view of it.
            section.items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    Turns.checkpoint()
                    writeCell(items.baseAddress! + i, answer(s, .item(i), items.baseAddress! + i), &out)
                }
            }
            out.endArray()
            if let footer = section.footer {
                out.key("footer")
                withUnsafePointer(to: footer) { writeCell($0, answer(s, .footer, $0), &out) }
            }
            out.endObject()
        }
        out.endArray()
    }

    /// Decoding warnings (per cell, in job order) first, then the container's.
    static func writeWarnings(_ node: [RequestWarning], _ container: [RequestWarning], _ out: inout JSONWriter) {
        out.beginArray()
        for w in node { writeWarning(w.path, w.detail, &out) }
        for w in container { writeWarning(w.path, w.detail, &out) }
        out.endArray()
    }

    private static func writeWarning(_ path: RequestPath, _ detail: String, _ out: inout JSONWriter) {
        out.beginObject()
        out.key("path")
        out.string(path.description)
        out.key("detail")
        out.string(detail)
        out.endObject()
    }

    /// One cell: `id`, `index`, `frame` (content coordinates), `kind`, `key`,
    /// `layout` (relative to the cell) and, for table rows, `table`. The
    /// result is read through a pointer, as `writeCellMembers` reads it:
    /// passed as a value, it was copied whole (its id, its layout) even inlined.
    @inline(__always)
    static func writeCell(_ cell: UnsafePointer<CellResult>, _ answer: CellAnswer, _ out: inout JSONWriter) {
        out.beginObject()
        writeCellMembers(cell, answer, &out)
        out.endObject()
    }

    /// A cell's members, for an object the caller opened (a stream record).
    @inline(__always)
    static func writeCellMembers(_ cell: UnsafePointer<CellResult>, _ answer: CellAnswer, _ out: inout JSONWriter) {
        if let id = cell.pointee.id {
            out.key("id")
            out.string(id)
        }
        out.key("index")
        writeIndex(cell.pointee.index, &out)
        out.key("frame")
        LayoutResponseEncoder.writeFrame(cell.pointee.frame, &out)
        out.key("kind")
        out.rawString(cell.pointee.kind == .node ? "node" : "interop")
        if let key = answer.key {
            out.key("key")
            out.contentKey(key)
        }
        if let layout = answer.layout {
            out.key("layout")
            out.rawJSON(layout)
        }
        if let table = cell.pointee.table {
            out.key("table")
            out.beginObject()
            out.key("contentFrame")
            LayoutResponseEncoder.writeFrame(table.contentFrame, &out)
            if let accessory = table.accessoryFrame {
                out.key("accessoryFrame")
                LayoutResponseEncoder.writeFrame(accessory, &out)
            }
            if let separator = table.separatorFrame {
                out.key("separatorFrame")
                LayoutResponseEncoder.writeFrame(separator, &out)
            }
            out.endObject()
        }
        if let pinned = cell.pointee.pinnedFrame {
            out.key("pinnedFrame")
            LayoutResponseEncoder.writeFrame(pinned, &out)
        }
    }

    static func writeIndex(_ index: IndexPath, _ out: inout JSONWriter) {
        out.beginArray()
        out.integer(index.section)
        out.integer(index.item)
        out.endArray()
    }

    /// One range: its items as they are when it holds no header or footer
    /// (every nested strip's ranges are written, and merging copies them).
    private static func writeRange(
        _ items: [IndexPath], _ supplementary: [SupplementaryIndexPath], merged: () -> [RangeElement],
        _ out: inout JSONWriter
    ) {
        out.beginArray()
        if supplementary.isEmpty {
            for item in items { writeRangeElement(.item(item), &out) }
        } else {
            for element in merged() { writeRangeElement(element, &out) }
        }
        out.endArray()
    }

    /// An item as `[section, item]`, a header or footer as `{"section": s, "kind": k}`.
    private static func writeRangeElement(_ element: RangeElement, _ out: inout JSONWriter) {
        switch element {
        case .item(let p): writeIndex(p, &out)
        case .supplementary(let x):
            out.beginObject()
            out.key("section")
            out.integer(x.section)
            out.key("kind")
            out.rawString(x.kind == .header ? "header" : "footer")
            out.endObject()
        }
    }

    private static func writeOptionalIndex(_ index: IndexPath?, _ out: inout JSONWriter) {
        if let index { writeIndex(index, &out) } else { out.null() }
    }

    private static func writePoint(_ p: Point, _ out: inout JSONWriter) {
        out.beginObject()
        out.key("x")
        out.number(p.x)
        out.key("y")
        out.number(p.y)
        out.endObject()
    }

    private static func writeOptionalInteger(_ v: Int?, _ out: inout JSONWriter) {
        if let v { out.integer(v) } else { out.null() }
    }

    package static func writeHints(_ hints: Hints, _ out: inout JSONWriter) {
        out.beginObject()
        out.key("ranges")
        out.beginObject()
        let ranges = hints.ranges
        out.key("visible")
        writeRange(ranges.visible, ranges.supplementary.visible, merged: { ranges.visibleElements }, &out)
        out.key("display")
        writeRange(ranges.display, ranges.supplementary.display, merged: { ranges.displayElements }, &out)
        out.key("preload")
        writeRange(ranges.preload, ranges.supplementary.preload, merged: { ranges.preloadElements }, &out)
        out.endObject()
        out.key("batchFetch")
        out.beginObject()
        out.key("shouldFetch")
        out.bool(hints.batchFetch.shouldFetch)
        out.key("triggerOffset")
        if let t = hints.batchFetch.triggerOffset { out.number(t) } else { out.null() }
        out.key("leadingScreens")
        out.number(hints.batchFetch.leadingScreens)
        out.endObject()
        out.key("pages")
        out.beginArray()
        for page in hints.pages {
            out.beginObject()
            out.key("index")
            out.integer(page.index)
            out.key("offset")
            writePoint(page.offset, &out)
            out.key("firstItem")
            writeOptionalIndex(page.firstItem, &out)
            out.key("lastItem")
            writeOptionalIndex(page.lastItem, &out)
            out.endObject()
        }
        out.endArray()
        if let pager = hints.pager {
            out.key("pager")
            out.beginObject()
            out.key("pageCount")
            out.integer(pager.pageCount)
            out.key("currentPage")
            writeOptionalInteger(pager.currentPage, &out)
            out.key("targetContentOffset")
            if let t = pager.targetContentOffset { writePoint(t, &out) } else { out.null() }
            out.key("previousPage")
            writeOptionalInteger(pager.previousPage, &out)
            out.key("nextPage")
            writeOptionalInteger(pager.nextPage, &out)
            out.endObject()
        }
        out.endObject()
    }

    package static func writeStats(_ stats: ContainerStats, _ out: inout JSONWriter) {
        out.beginObject()
        out.key("cells")
        out.integer(stats.cells)
        out.key("cacheHits")
        out.integer(stats.cacheHits)
        out.key("cacheMisses")
        out.integer(stats.cacheMisses)
        out.endObject()
    }
}

/// What the answer writes of one cell besides its place: its key, and its
/// `layout` when the answer's shape includes it.
struct CellAnswer {
    var key: CellContentKey?
    /// The layout as encoded (by the engine, or from the cache).
    var layout: [UInt8]?

    init(key: CellContentKey?, layout: [UInt8]?) {
        self.key = key
        self.layout = layout
    }

    init(_ outcome: CellOutcome?, _ shape: AnswerShape, sentAsRef: Bool) {
        key = outcome?.key
        layout = shape.writesLayout(sentAsRef: sentAsRef) ? outcome?.layout : nil
    }
}

/// Finds a placed cell's outcome by where it sits in its section.
struct CellLayouts {
    /// Each cell's job, by section and slot.
    private var jobOfCell: [SectionSlots<Int>]
    private let outcomes: [CellOutcome]
    private let sources: [CellSource]
    private let shape: AnswerShape

    init(prepared: PreparedContainer, outcomes: [CellOutcome]) {
        jobOfCell = prepared.request.sections.map { section in
            var slots = SectionSlots<Int>()
            slots.items = Array(repeating: nil, count: section.items.count)
            return slots
        }
        self.outcomes = outcomes
        sources = prepared.sources
        shape = prepared.answer
        // By index: a job held as a value would copy its cell (and retain all it holds).
        let jobs = prepared.jobs
        for k in jobs.indices { jobOfCell[jobs[k].section][jobs[k].slot] = k }
    }

    func answer(_ section: Int, _ slot: CellSlot) -> CellAnswer {
        let k = jobOfCell[section][slot]
        guard let k else { return CellAnswer(nil, shape, sentAsRef: false) }
        return CellAnswer(outcomes[k], shape, sentAsRef: k < sources.count && sources[k].ref != nil)
    }
}
