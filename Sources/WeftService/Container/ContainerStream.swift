import WeftCells
import WeftLayout

/// `POST /v1/layout` with `Accept: application/x-ndjson`: the answer as a
/// stream of records, one JSON object per line, so a client can draw the
/// first cells long before the last are laid out. The records, their members
/// and when each is sent are specified in openapi.yaml (`ContainerStreamRecord`
/// and the operation's description). Cell records are final, never
/// placeholders; a collection's come once all its cells are placed, because a
/// flow line depends on the items after it.
extension ContainerEngine {
    /// The media type of a streamed answer.
    package static let ndjsonContentType = "application/x-ndjson"

    /// Streams a prepared request's records to `write`, one line per call.
    package func stream(
        _ prepared: PreparedContainer, cancellation: CancellationFlag? = nil,
        write: @escaping @Sendable ([UInt8]) -> Void
    ) {
        write(Self.startRecord(prepared.request))
        let emitter = RecordEmitter(request: prepared.request, answer: prepared.answer, write: write)
        let order = emitter.order(jobCount: prepared.jobs.count)
        let stop = CancellationFlag { emitter.failed || (cancellation?.isCancelled ?? false) }
        let shorthand = prepared.request.usesItemsShorthand
        guard let outcomes = measure(prepared, order: order, cancellation: stop, completed: { k, outcome in
            emitter.completed(k, prepared.jobs[k], outcome, sentAsRef: prepared.sources[k].ref != nil, shorthand: shorthand)
        }) else {
            emitter.finishFailed()
            return
        }
        contentStore.flush(prepared.scope.writes)
        finishStream(prepared, outcomes, emitter: emitter, write: write)
    }

    /// Once every cell is measured: the checks, the cells not sent yet, the end record.
    func finishStream(
        _ prepared: PreparedContainer, _ outcomes: [CellOutcome], emitter: RecordEmitter,
        write: @Sendable ([UInt8]) -> Void
    ) {
        if let problem = check(prepared, outcomes) {
            emitter.fail(problem)
            return
        }
        let result = place(prepared, outcomes)
        emitter.flushRemaining(result, prepared, outcomes)
        write(endRecord(prepared, outcomes, result))
    }

    static func line(_ out: borrowing JSONWriter) -> [UInt8] {
        var bytes = out.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// What is known before any cell is read.
    static func startRecord(_ request: ContainerRequest) -> [UInt8] {
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

    private func endRecord(_ prepared: PreparedContainer, _ outcomes: [CellOutcome], _ result: ContainerResult) -> [UInt8] {
        let request = prepared.request
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
        ContainerResponseEncoder.writeWarnings(nodeWarnings(prepared, outcomes), result.warnings, &out)
        out.key("hints")
        ContainerResponseEncoder.writeHints(result.hints, &out)
        out.key("stats")
        ContainerResponseEncoder.writeStats(stats(prepared, outcomes), &out)
        out.endObject()
        return Self.line(out)
    }

    static func errorRecord(_ problem: Problem) -> [UInt8] {
        var bytes = Array(#"{"record":"error","#.utf8)
        bytes += problem.body().dropFirst()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    static func cellRecord(_ cell: CellResult, slot: CellSlot, _ answer: CellAnswer) -> [UInt8] {
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
        ContainerResponseEncoder.writeCellMembers(cell, answer, &out)
        out.endObject()
        return line(out)
    }
}
