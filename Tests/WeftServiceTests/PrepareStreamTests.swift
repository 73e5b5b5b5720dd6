import Testing
import WeftCells
import WeftLayout

@testable import WeftService

/// A stream read whole prepares what a whole answer prepares (it only leaves
/// the cache lookups to the pool), and refuses what it refuses.
@Suite struct PrepareStreamTests {
    /// The feed's `items` array, `cells` long (about 700 bytes a cell).
    func itemsArray(_ cells: Int) -> String {
        let body = feedBody(cells: cells)
        let start = body.range(of: #""items":"#)!.upperBound
        return String(body[start..<body.index(before: body.endIndex)])
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
            + (0..<3).map { s in #"{"items":\#(items.replacing(#""id":""#, with: #""id":"s\#(s)-"#))}"# }.joined(separator: ",") + "]}"
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
