import Testing
import WeftCells
import WeftLayout

@testable import WeftService

/// A long `items` array read on two threads (streams) reads exactly what one
/// thread reads: the same cells, tree locations and memo bookkeeping, and
/// the same error for a bad body.
@Suite struct ItemsSplitTests {
    /// What an `items` array read gives, comparable.
    struct Read: Equatable {
        var ids: [String?]
        var nodes: [Range<Int>?]
        var unseen: [[Int]]
        var count: Int
        var end: Int
        var joined: Bool
    }

    /// Reads `array` (an items array) with or without a second thread.
    func read(_ array: String, pool: LayoutWorkerPool?, memo: RawCellMemo? = nil) throws(RequestError) -> Read {
        try JSONReader.read(Array(array.utf8)) { (r: inout JSONReader) throws(RequestError) -> Read in
            var run = ItemRun()
            var count = 0
            var joined = false
            if try r.contractArrayStart() {
                if let pool, let middle = ItemsSplit.middle(r) {
                    joined = try ItemsSplit.read(&r, count: &count, memo: memo, pool: pool, middle: middle, into: &run)
                } else {
                    try ContainerRequestDecoder.readItems(&r, count: &count, memo: memo, into: &run)
                }
            }
            try r.finish()
            return Read(
                ids: run.cells.map(\.id), nodes: run.sources.map { $0?.range }, unseen: run.unseen.map { [$0.item, $0.start] },
                count: count, end: r.offset, joined: joined)
        }
    }

    /// The feed's `items` array, `cells` long (about 700 bytes a cell).
    func itemsArray(_ cells: Int) -> String {
        let body = feedBody(cells: cells)
        let start = body.range(of: #""items":"#)!.upperBound
        return String(body[start..<body.index(before: body.endIndex)])
    }

    @Test func twoThreadsReadWhatOneReads() throws {
        let pool = LayoutWorkerPool(workers: 1)
        let array = itemsArray(1200)
        let one = try read(array, pool: nil)
        let two = try read(array, pool: pool)
        #expect(two.joined)
        #expect(two == Read(ids: one.ids, nodes: one.nodes, unseen: one.unseen, count: one.count, end: one.end, joined: true))
        #expect(two.ids.count == 1200)
        #expect(two.ids.last == "post-1199")
    }

    @Test func memoBookkeepingIsRenumbered() throws {
        let pool = LayoutWorkerPool(workers: 1)
        let memo = RawCellMemo(capacityBytes: 8 << 20)
        let array = itemsArray(1200)
        let one = try read(array, pool: nil, memo: memo)
        let two = try read(array, pool: pool, memo: RawCellMemo(capacityBytes: 8 << 20))
        #expect(two.joined)
        #expect(two.unseen == one.unseen)
        #expect(one.unseen.count == 1200)
    }

    /// Strings full of `},{` around the middle: guesses that are not item
    /// starts are dropped, and the result is still one thread's.
    @Test func guessesInsideStringsAreDropped() throws {
        let pool = LayoutWorkerPool(workers: 1)
        var array = itemsArray(800)
        let noise = String(repeating: #"},{\"id\":\"x\"},{"#, count: 4000)
        let index = array.range(of: #"{"id":"post-400","#)!
        array.replaceSubrange(index, with: #"{"x-noise":"\#(noise)","id":"post-400","#)
        let one = try read(array, pool: nil)
        let two = try read(array, pool: pool)
        #expect(two.ids == one.ids)
        #expect(two.nodes == one.nodes)
        #expect(two.end == one.end)
    }

    @Test(arguments: [100, 900])
    func anErrorIsReportedAsOneThreadReportsIt(item: Int) throws {
        let pool = LayoutWorkerPool(workers: 1)
        let bad = [
            itemsArray(1000).replacingFirst(#"{"id":"post-\#(item)","#, with: #"{"id":"post-\#(item)","sise":1,"#),
            itemsArray(1000).replacingFirst(#"{"id":"post-\#(item)","node":{"type""#, with: #"{"id":"post-\#(item)","node":{"type"""#),
        ]
        for array in bad {
            var one: RequestError?
            var two: RequestError?
            do { _ = try read(array, pool: nil) } catch { one = error }
            do { _ = try read(array, pool: pool) } catch { two = error }
            let expected = try #require(one)
            let got = try #require(two)
            #expect(got.problem == expected.problem)
            #expect(got.detail == expected.detail)
            #expect(got.path == expected.path)
            #expect(got.location == expected.location)
        }
    }

    @Test func theCellLimitIsReportedAsOneThreadReportsIt() throws {
        let pool = LayoutWorkerPool(workers: 1)
        let cell = #"{"kind":"interop","size":{"width":1,"height":1}}"#
        let array = "[" + Array(repeating: cell, count: ContainerLimits.maxCells + 10).joined(separator: ",") + "]"
        var one: RequestError?
        var two: RequestError?
        do { _ = try read(array, pool: nil) } catch { one = error }
        do { _ = try read(array, pool: pool) } catch { two = error }
        #expect(one?.problem == .limitExceeded)
        #expect(two?.problem == one?.problem)
        #expect(two?.detail == one?.detail)
    }

    /// Through the engine: a stream of a long feed prepares what a whole
    /// answer prepares, and refuses what it refuses, with the same problem.
    @Test func prepareStreamMatchesPrepare() throws {
        let engine = makeEngine(workers: 2, cacheMB: 16)
        let body = Array(feedBody(cells: 1200).utf8)
        for _ in 0..<2 {  // the second time, `prepare` takes every cell from the memo (a stream does not use it)
            guard case .ready(let whole) = engine.prepare(body), case .ready(let stream) = engine.prepareStream(body) else {
                Issue.record("refused")
                return
            }
            #expect(stream.jobs.count == whole.jobs.count)
            // A stream counts its hits as it lays out (ContainerStreamTests).
            #expect(stream.stats.cells == whole.stats.cells)
            #expect(zip(stream.jobs, whole.jobs).allSatisfy { $0.cell.id == $1.cell.id && $0.range == $1.range })
        }
        // Sections: the middle of the body lies in a later section's items.
        let items = itemsArray(400)
        let sections = #"{"container":{"type":"table","bounds":{"width":375,"height":667}},"sections":["#
            + [items, items, items].map { #"{"items":\#($0)}"# }.joined(separator: ",") + "]}"
        guard case .ready(let whole) = engine.prepare(Array(sections.utf8)),
            case .ready(let stream) = engine.prepareStream(Array(sections.utf8))
        else {
            Issue.record("refused")
            return
        }
        #expect(stream.jobs.count == 1200)
        #expect(zip(stream.jobs, whole.jobs).allSatisfy { $0.cell.id == $1.cell.id && $0.section == $1.section })
        let bad = Array(feedBody(cells: 1200).replacingFirst(#"{"id":"post-900","#, with: #"{"id":"post-900","size":1,"#).utf8)
        guard case .refused(let expected) = engine.prepare(bad), case .refused(let got) = engine.prepareStream(bad) else {
            Issue.record("not refused")
            return
        }
        #expect(got.body() == expected.body())
    }
}
