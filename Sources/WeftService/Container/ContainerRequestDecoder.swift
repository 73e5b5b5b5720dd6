import WeftCells
import WeftJSON
import WeftLayout

/// Where a node cell's `node` value sits in the body (its JSON grammar
/// already checked). The engine hashes and, when the cell cache misses,
/// decodes it on the worker pool: an unchanged cell costs a grammar pass
/// here and a hashing pass there.
package struct NodeSource: Sendable, Hashable {
    package var range: Range<Int>
    /// Known when the cell came from the raw-cell memo; else the engine hashes.
    package var hash: ContentHash?
}

/// The node sources of one section, in the request's shape.
package struct SectionNodeSources: Sendable {
    package var header: CellSource?
    package var footer: CellSource?
    package var items: [CellSource]
    /// For items read in full while the memo is on: their raw key and
    /// start, to remember them once their trees are hashed.
    var unseen: [(item: Int, key: RawCellKey, start: Int)] = []

    func source(_ slot: CellSlot) -> NodeSource? { cell(slot)?.node }

    func cell(_ slot: CellSlot) -> CellSource? {
        switch slot {
        case .header: return header
        case .footer: return footer
        case .item(let i): return items[i]
        }
    }
}

/// Told of each cell as soon as it is read, in the body's order, by a
/// stream that lays cells out while it reads the rest. A thrown error stops
/// the read.
protocol CellReadObserver: AnyObject {
    func read(_ cell: Cell, _ source: CellSource, section: Int, slot: CellSlot) throws(RequestError)
    /// The section's object (or the `items` shorthand's array) is closed.
    func sectionEnded(_ section: Int) throws(RequestError)
}

/// A container request as read from the body: every cell but its `node`
/// tree, which `nodes` locates. A cell that sent a `node` has it pending
/// (`Cell.hasNode`, for `ContainerValidation`) until the pool decodes it.
package struct DecodedContainerRequest: Sendable {
    package var request: ContainerRequest
    package var nodes: [SectionNodeSources]
    package var answer: AnswerShape = .full
    /// Where the value of `items` or `sections` is in the body.
    package var cells: Range<Int>?
}

/// Bytes -> `ContainerRequest`, straight from the JSON reader (openapi.yaml, "POST
/// /v1/layout"). Unknown keys are a 422 unless they start with `x-`; every
/// error carries the JSON Pointer of the offending value. Cells are counted
/// as they are read, so a section of a million items stops at the limit.
package enum ContainerRequestDecoder {

    package static func decode(
        _ r: inout JSONReader, memo: RawCellMemo? = nil
    ) throws(RequestError) -> DecodedContainerRequest
    {
        var top = TopLevel()
        guard try r.contractObjectStart() else {
            throw RequestError(.missingField, "a container request needs a \"container\"")
        }
        _ = try readMembers(&r, &top, memo: memo, pauseAtCells: false)
        return try top.decoded()
    }

    /// The top-level members read so far.
    struct TopLevel: Sendable {
        var container: Container?
        var sections: [Section] = []
        var sources: [SectionNodeSources] = []
        var shorthand = false
        var sawSections = false
        var direction = LayoutDirection.ltr
        var pointScale = 0.0
        var answer = AnswerShape.full
        var cellCount = 0
        /// Every key read, so that one given twice is refused whichever it is.
        var seen = KeysSeen<ContainerRequestKey>()
        /// Where the value of `items` or `sections` is in the body.
        var cells: Range<Int>?

        /// What is known before the cells: the request without them.
        var head: ContainerRequest? {
            container.map { ContainerRequest(container: $0, sections: [], direction: direction, pointScale: pointScale) }
        }

        func decoded() throws(RequestError) -> DecodedContainerRequest {
            guard let container else { throw RequestError(.missingField, "a container request needs a \"container\"") }
            let request = ContainerRequest(
                container: container, sections: sections, usesItemsShorthand: shorthand, direction: direction,
                pointScale: pointScale)
            return DecodedContainerRequest(request: request, nodes: sources, answer: answer, cells: cells)
        }
    }

    /// Reads members from the reader's position (at a key) to the object's
    /// end; with `pauseAtCells`, stops instead at the first `items` or
    /// `sections` key, the reader at its value, and answers that key.
    static func readMembers(
        _ r: inout JSONReader, _ top: inout TopLevel, memo: RawCellMemo?, pauseAtCells: Bool
    ) throws(RequestError) -> ContainerRequestKey? {
        repeat {
            let key = try r.key()
            guard let field = ContainerRequestKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a container request")
                continue
            }
            if pauseAtCells && (field == .items || field == .sections) { return field }
            try readMember(field, &r, &top, memo: memo, observer: nil)
        } while try r.objectNext()
        return nil
    }

    /// After `readMembers` paused: the cells, each told to `observer` as it
    /// is read, then the members that follow them.
    static func resume(
        at field: ContainerRequestKey, _ r: inout JSONReader, _ top: inout TopLevel, memo: RawCellMemo?,
        observer: any CellReadObserver
    ) throws(RequestError) {
        try readMember(field, &r, &top, memo: memo, observer: observer)
        if try r.objectNext() { _ = try readMembers(&r, &top, memo: memo, pauseAtCells: false) }
    }

    private static func readMember(
        _ field: ContainerRequestKey, _ r: inout JSONReader, _ top: inout TopLevel, memo: RawCellMemo?,
        observer: (any CellReadObserver)?
    ) throws(RequestError) {
        let start = r.offset
        defer { if field == .items || field == .sections { top.cells = start..<r.offset } }
        do throws(RequestError) {
            guard top.seen.insert(field) else { throw RequestError.twice(field.rawValue) }
            switch field {
            case .container:
                top.container = try decodeContainer(&r)
            case .sections:
                if top.shorthand { throw both() }
                top.sawSections = true
                if try r.contractArrayStart() {
                    var s = 0
                    repeat {
                        guard s < ContainerLimits.maxSections else {
                            throw ContainerLimits.tooManySections(path: RequestPath([.index(s)])).requestError
                        }
                        do throws(RequestError) {
                            let (section, source) = try decodeSection(
                                &r, s, count: &top.cellCount, memo: memo, observer: observer)
                            top.sections.append(section)
                            top.sources.append(source)
                        } catch {
                            throw error.at(s)
                        }
                        s += 1
                    } while try r.arrayNext()
                }
            case .items:
                if top.sawSections { throw both() }
                top.shorthand = true
                var itemSources = SectionNodeSources(items: [])
                let items = try decodeItems(
                    &r, 0, count: &top.cellCount, memo: memo, observer: observer, into: &itemSources)
                top.sections = [Section(items: items)]
                top.sources = [itemSources]
                try observer?.sectionEnded(0)
            case .direction: top.direction = try r.contractToken(CSSTokens.layoutDirection)
            case .answer: top.answer = try r.contractToken(ContainerTokens.answerShape)
            case .pointScale:
                top.pointScale = try NodeRequest.readPointScale(&r)
            }
        } catch {
            throw error.at(field.rawValue)
        }
    }

    private static func both() -> RequestError {
        RequestError(.invalidValue, "send either \"sections\" or the \"items\" shorthand, not both")
    }

    // MARK: - Sections and cells

    private static func decodeSection(
        _ r: inout JSONReader, _ s: Int, count: inout Int, memo: RawCellMemo?,
        observer: (any CellReadObserver)?
    ) throws(RequestError) -> (Section, SectionNodeSources) {
        var section = Section()
        var sources = SectionNodeSources(items: [])
        var seen = KeysSeen<SectionKey>()
        guard try r.contractObjectStart() else { return (section, sources) }
        repeat {
            let key = try r.key()
            guard let field = SectionKey.table.lookup(key) else {
                try r.skipExtension(key, context: "a section")
                continue
            }
            do throws(RequestError) {
                guard seen.insert(field) else { throw RequestError.twice(field.rawValue) }
                switch field {
                case .id: section.id = try r.contractString()
                case .header, .footer:
                    let (cell, source) = try decodeCell(&r)
                    count += 1
                    if field == .header {
                        section.header = cell
                        sources.header = source
                    } else {
                        section.footer = cell
                        sources.footer = source
                    }
                    try observer?.read(cell, source, section: s, slot: field == .header ? .header : .footer)
                case .items:
                    section.items = try decodeItems(
                        &r, s, count: &count, memo: memo, observer: observer, into: &sources)
                }
            } catch {
                throw error.at(field.rawValue)
            }
        } while try r.objectNext()
        if let tooMany = ContainerLimits.error(cellCount: count, path: RequestPath()) {
            throw RequestError(.limitExceeded, tooMany.detail)
        }
        try observer?.sectionEnded(s)
        return (section, sources)
    }

    /// An `items` array; stops with `limit-exceeded` (path: the array) as
    /// soon as the request's cells pass `ContainerLimits.maxCells`.
    private static func decodeItems(
        _ r: inout JSONReader, _ s: Int, count: inout Int, memo: RawCellMemo?,
        observer: (any CellReadObserver)?, into sources: inout SectionNodeSources
    ) throws(RequestError) -> [Cell] {
        var run = ItemRun()
        guard try r.contractArrayStart() else {
            sources.items = []
            sources.unseen = []
            return []
        }
        if let memo { run.predictedLengths = memo.lastItemLengths.withLock { $0 } }
        repeat {
            try readItem(&r, count: &count, memo: memo, into: &run)
            if let observer {
                let i = run.cells.count - 1
                try observer.read(run.cells[i], run.sources[i], section: s, slot: .item(i))
            }
        } while try r.arrayNext()
        if let memo { memo.lastItemLengths.withLock { $0 = run.lengths } }
        sources.items = run.sources
        sources.unseen = run.unseen
        return run.cells
    }

    /// One item, from the memo when its bytes were seen before.
    private static func readItem(
        _ r: inout JSONReader, count: inout Int, memo: RawCellMemo?, into run: inout ItemRun
    ) throws(RequestError) {
        try r.checkpoint()
        let i = run.cells.count
        count += 1
        if let tooMany = ContainerLimits.error(cellCount: count, path: RequestPath()) {
            throw RequestError(.limitExceeded, tooMany.detail)
        }
        var rawKey: RawCellKey?
        let first = r.peekByte()
        let start = r.offset
        if let memo, first == UInt8(ascii: "{") {
            // The item's length last time: a hit there needs no scan for its end.
            if i < run.predictedLengths.count,
                let end = r.plausibleItemEnd(start: start, length: run.predictedLengths[i]),
                let seen = memo.cache.value(for: RawCellKey(hash: r.rawHash(start..<end), length: end - start))
            {
                run.append(seen, start: start, end: end)
                r.offset = end
                return
            }
            if let end = r.objectEnd() {
                let key = RawCellKey(hash: r.rawHash(start..<end), length: end - start)
                if let seen = memo.cache.value(for: key) {
                    run.append(seen, start: start, end: end)
                    r.offset = end
                    return
                }
                rawKey = key
            }
        }
        do throws(RequestError) {
            let (cell, source) = try decodeCell(&r)
            run.cells.append(cell)
            run.sources.append(source)
            run.lengths.append(r.offset - start)
            if let rawKey { run.unseen.append((i, rawKey, start)) }
        } catch {
            throw error.at(i)
        }
    }
}

/// The cells of (a stretch of) one `items` array, as read.
struct ItemRun: Sendable {
    var cells: [Cell] = []
    var sources: [CellSource] = []
    var unseen: [(item: Int, key: RawCellKey, start: Int)] = []
    /// Each item's byte length, for the memo's next guess.
    var lengths: [Int] = []
    /// The memo's guesses for this array (`RawCellMemo.lastItemLengths`).
    var predictedLengths: [Int] = []

    /// An item the memo knew, at `start..<end` of this body.
    mutating func append(_ seen: RawCellEntry, start: Int, end: Int) {
        cells.append(seen.cell)
        sources.append(seen.source.shifted(by: start))
        lengths.append(end - start)
    }
}
