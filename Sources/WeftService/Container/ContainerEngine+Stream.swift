import WeftCells
import WeftJSON
import WeftLayout

/// A streamed answer (`RecordSink`). A body read whole takes the path of
/// every answer (`answer`); a large table's stream lays its cells out while
/// it reads the rest of the body, then joins that path at `finish`: its
/// first cell record goes out after the first cells are read, not after
/// the last. A table's rows depend only on the container, the
/// direction and the scale and on the rows before them, so nothing later in
/// the body can move a row already sent.
///
/// The 200 is sent once everything before the cells is read and checked;
/// an error further on (a cell that breaks the contract, malformed JSON, too
/// many cells) ends the stream with an `error` record. Smaller bodies, and
/// requests whose `container` comes after their cells, are read whole first,
/// so their errors are still 4xx answers, except a cell tree's: trees are
/// decoded where they are laid out, after the 200, in every stream.
extension ContainerEngine {
    /// Streams a prepared request's records to `write`, one line per call.
    package func stream(
        _ prepared: PreparedContainer, cancellation: CancellationFlag? = nil,
        write: @escaping @Sendable ([UInt8]) -> Void
    ) {
        let sink = RecordSink(request: prepared.request, answer: prepared.answer, write: write)
        answer(prepared, to: sink, cancellation: cancellation)
    }

    /// How a stream is answered.
    package enum StreamPlan: Sendable {
        /// Read and checked whole, then laid out.
        case whole(PreparedContainer)
        /// Read up to its cells; the rest is read while cells are laid out.
        case pipelined(StreamHead)
    }

    package enum StreamStart: Sendable {
        case ready(StreamPlan)
        case refused(Problem)
    }

    /// A request read and checked up to the value of its cells' key.
    package struct StreamHead: Sendable {
        let body: [UInt8]
        let top: ContainerRequestDecoder.TopLevel
        let request: ContainerRequest
        let cellsKey: ContainerRequestKey
        let offset: Int
        let depth: Int
        var reportsLines = false
    }

    /// What the endpoint calls before it answers 200 (or not); `reportsLines` is `?lines=1`.
    /// A body read whole stops within a slice once `cancellation` is set:
    /// its answer is then the request-timeout problem, not a 200.
    package func beginStream(
        _ body: [UInt8], reportsLines: Bool = false, cancellation: CancellationFlag? = nil
    ) -> StreamStart {
        // One scan of the body: it decides the plan, and whether the refs
        // nested in its trees are looked for before the 200.
        let mayHoldRefs = Self.mayHoldRefs(body)
        if body.count >= pipelineMinimumBytes && !mayHoldRefs {
            switch readHead(body) {
            case .head(var head):
                head.reportsLines = reportsLines
                return .ready(.pipelined(head))
            case .refused(let problem): return .refused(problem)
            case .notATable: break
            }
        }
        switch prepare(body, reportsLines: reportsLines, resolvesNestedRefs: mayHoldRefs, cancellation: cancellation) {
        case .ready(let prepared): return .ready(.whole(prepared))
        case .refused(let problem): return .refused(problem)
        }
    }

    package func stream(_ plan: StreamPlan, cancellation: CancellationFlag? = nil, write: @escaping @Sendable ([UInt8]) -> Void) {
        switch plan {
        case .whole(let prepared): stream(prepared, cancellation: cancellation, write: write)
        case .pipelined(let head): streamPipelined(head, cancellation: cancellation, write: write)
        }
    }

    private enum HeadRead {
        case head(StreamHead)
        case refused(Problem)
        case notATable
    }

    private func readHead(_ body: [UInt8]) -> HeadRead {
        do throws(RequestError) {
            return try JSONReader.read(body, maxDepth: limits.maxJSONDepth) { (r: inout JSONReader) throws(RequestError) -> HeadRead in
                do throws(RequestError) {
                    var top = ContainerRequestDecoder.TopLevel()
                    guard try r.contractObjectStart(),
                        let key = try ContainerRequestDecoder.readMembers(&r, &top, memo: nil, pauseAtCells: true),
                        let request = top.head, request.container.type == .table
                    else { return .notATable }
                    if let first = ContainerValidation.validateHead(request).first { return .refused(first.problem) }
                    return .head(StreamHead(body: body, top: top, request: request, cellsKey: key, offset: r.offset, depth: r.depth))
                } catch {
                    throw r.preferSyntaxError(over: error)
                }
            }
        } catch {
            return .refused(Problem(error))
        }
    }

    private func streamPipelined(_ head: StreamHead, cancellation: CancellationFlag?, write: @escaping @Sendable ([UInt8]) -> Void) {
        let serial = serials.add(1, ordering: .relaxed).newValue
        let emitter = RecordSink(request: head.request, answer: head.top.answer, holdsCellFailures: true, write: write)
        emitter.begin(head.request)
        let stop = CancellationFlag { emitter.failed || (cancellation?.isCancelled ?? false) }
        let context = ContainerLayout.cellContext(head.request, LayoutContext(textMeasurer: textMeasurer))
        let shorthand = head.cellsKey == .items
        let scope = CellScope(head.request, body: head.body, reportsLines: head.reportsLines, serial: serial)
        let cells = FedCells(capacity: ContainerLimits.maxCells, engine: self, scope: scope, context: context)
        let feed = runner.feed(cells, cancellation: stop) { k in
            emitter.completed(k, cells.job(k), cells.outcome(k), sentAsRef: false, shorthand: shorthand)
        }
        let feeder = CellFeeder(
            factory: ContainerLayout.JobFactory(head.request), shorthand: shorthand, lookUp: cache.isEnabled,
            cells: cells, feed: feed, stop: stop)
        let read: Result<DecodedContainerRequest, RequestError> = head.body.withUnsafeBufferPointer { buffer in
            var r = JSONReader(buffer, maxDepth: limits.maxJSONDepth)
            r.offset = head.offset
            r.depth = head.depth
            var top = head.top
            do throws(RequestError) {
                try ContainerRequestDecoder.resume(
                    at: head.cellsKey, &r, &top, memo: memo.isEnabled ? memo : nil, observer: feeder)
                try r.finish()
                return .success(try top.decoded())
            } catch {
                return .failure(r.preferSyntaxError(over: error))
            }
        }
        let decoded: DecodedContainerRequest
        switch read {
        case .failure(let error):
            stop.cancel()
            _ = feed.finish()
            // Malformed JSON anywhere wins, as it does when a body is read
            // whole, over a cell's contract and over a tree laid out already.
            if error.location != nil {
                emitter.failMalformed(Problem(error))
            } else if let problem = feeder.problem {
                emitter.fail(problem)
            } else if feeder.wasStopped {
                emitter.dropped()
            } else {
                emitter.fail(Problem(error))
            }
            return
        case .success(let d): decoded = d
        }
        // A held cell failure goes out here (`dropped` sends it first).
        guard feed.finish(), !emitter.failed else {
            emitter.dropped()
            return
        }
        var prepared = PreparedContainer(
            request: decoded.request, scope: scope, jobs: cells.allJobs, work: cells.allWork, sources: cells.allSources,
            answer: head.top.answer, stats: ContainerStats(cells: decoded.request.cellCount, cacheHits: 0, cacheMisses: 0))
        prepared.unseen = Self.unseenItems(decoded, prepared.jobs)
        finish(
            prepared, cells.allOutcomes, emitter,
            refusal: Self.lateLayoutMember(head.request, decoded.request) ?? Self.lateAnswer(head.top.answer, decoded.answer))
    }

    /// An `answer` after the cells that differs from the shape the records
    /// already sent have.
    private static func lateAnswer(_ head: AnswerShape, _ whole: AnswerShape) -> Problem? {
        guard head != whole else { return nil }
        return Problem(
            .invalidValue,
            detail: "a streamed table sends its rows as it reads them: send answer before the cells, not after",
            path: RequestPath([.key("answer")]))
    }

    /// Whether a string that reads as `ref` appears anywhere in the body (or
    /// in `range` of it), each letter as itself or as a `\u` escape, as the
    /// decoder reads a key: such a request is read whole before any cell is
    /// laid out, so that all its refs resolve in one lookup and an unknown
    /// one is a 409, not an error after rows were sent.
    static func mayHoldRefs(_ body: [UInt8], in range: Range<Int>? = nil) -> Bool {
        body.withUnsafeBytes { whole in
            let bytes = UnsafeRawBufferPointer(rebasing: whole[range ?? whole.indices])
            func isRef(at i: Int) -> Bool {
                guard bytes[i] == UInt8(ascii: "\"") else { return false }
                var j = i + 1
                for letter in "ref".utf8 {
                    if j < bytes.count && bytes[j] == letter {
                        j += 1
                    } else if j + 6 <= bytes.count && bytes[j] == UInt8(ascii: "\\") && bytes[j + 1] == UInt8(ascii: "u")
                        && escapedByte(at: j + 2) == letter
                    {
                        j += 6
                    } else {
                        return false
                    }
                }
                return j < bytes.count && bytes[j] == UInt8(ascii: "\"")
            }
            // The byte four hex digits at `k` spell, nil past 0xFF or for a non-digit.
            func escapedByte(at k: Int) -> UInt8? {
                var value = 0
                for d in bytes[k..<k + 4] {
                    guard let digit = JSONReader.hexDigitValue(d) else { return nil }
                    value = value << 4 | Int(digit)
                }
                return value <= 0xFF ? UInt8(value) : nil
            }
            // Sixty-four bytes a step, four vectors of sixteen tested at once,
            // so that an 8 MB stream's start record waits well under a
            // millisecond. Only the bytes where a quote is followed by an r
            // or a backslash (`"right"` is common) are looked at one by one.
            let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
            let r = SIMD16<UInt8>(repeating: UInt8(ascii: "r")), backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            // The lanes that match, as two words with a byte of ones per
            // match: two words test in a few instructions, `any` in a loop.
            func matches(at lane: Int) -> SIMD2<UInt64> {
                let here = bytes.loadUnaligned(fromByteOffset: lane, as: SIMD16<UInt8>.self)
                let next = bytes.loadUnaligned(fromByteOffset: lane + 1, as: SIMD16<UInt8>.self)
                return unsafeBitCast((here .== quote) .& ((next .== r) .| (next .== backslash)), to: SIMD2<UInt64>.self)
            }
            // The refs at the matching lanes of the sixteen bytes at `lane`.
            func holdsRef(_ words: SIMD2<UInt64>, at lane: Int) -> Bool {
                for half in 0..<2 {
                    var word = words[half]
                    while word != 0 {
                        let bit = word.trailingZeroBitCount
                        if isRef(at: lane + half * 8 + bit / 8) { return true }
                        word &= ~(0xFF << UInt64(bit))
                    }
                }
                return false
            }
            var i = 0
            while i + 65 <= bytes.count {
                let (a, b, c, d) = (matches(at: i), matches(at: i + 16), matches(at: i + 32), matches(at: i + 48))
                let any = a | b | c | d
                if any[0] | any[1] != 0
                    && (holdsRef(a, at: i) || holdsRef(b, at: i + 16) || holdsRef(c, at: i + 32) || holdsRef(d, at: i + 48))
                {
                    return true
                }
                i += 64
            }
            while i < bytes.count {
                if isRef(at: i) { return true }
                i += 1
            }
            return false
        }
    }

    /// A `direction` or `pointScale` after the cells that differs from what
    /// the rows already sent were laid out with.
    private static func lateLayoutMember(_ head: ContainerRequest, _ whole: ContainerRequest) -> Problem? {
        let member: String
        if whole.direction != head.direction {
            member = "direction"
        } else if whole.pointScale != head.pointScale {
            member = "pointScale"
        } else {
            return nil
        }
        return Problem(
            .invalidValue,
            detail: "a streamed table lays out its rows as it reads them: send \(member) before the cells, not after",
            path: RequestPath([.key(member)]))
    }
}
