import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// A streamed table laid out while its body is read (`beginStream`'s
/// `.pipelined` plan): the same records as a stream read whole, whatever the
/// order of keys, and errors found after the 200 as `error` records.
@Suite struct PipelinedStreamTests {
    /// Four sections whose keys come in different orders; the header of
    /// section 1 follows its items in the body but precedes them on screen.
    static let sectionsBody = #"""
        {"container": {"type": "table", "bounds": {"width": 320, "height": 200}, "separatorStyle": "singleLine"},
         "pointScale": 2,
         "sections": [
          {"id": "a", "header": \#(boxCell("h0", height: 30)), "items": [\#(boxCell("a0", height: 44)), \#(boxCell("a1", height: 50))],
           "footer": \#(boxCell("f0", height: 10))},
          {"footer": \#(boxCell("f1", height: 12)), "items": [\#(boxCell("b0", height: 60))], "header": \#(boxCell("h1", height: 22))},
          {"items": [\#(boxCell("c0", height: 70)), {"kind": "interop", "id": "c1", "size": {"width": 320, "height": 33}}]},
          {"id": "d", "items": [], "header": \#(boxCell("h3", height: 25))}
         ]}
        """#

    @Test(arguments: [1, 2]) func sectionsInAnyKeyOrderMatchTheWholeAnswer(workers: Int) throws {
        let pipelined = try streamRecords(makeEngine(workers: workers, pipelined: true), Self.sectionsBody, pipelined: true)
        let whole = try streamRecords(makeEngine(workers: workers), Self.sectionsBody, pipelined: false)
        #expect(pipelined == whole)
        let cells = pipelined.filter { $0["record"]?.string == "cell" }
        #expect(cells.map { $0["id"]?.string ?? "-" } == ["h0", "a0", "a1", "f0", "h1", "b0", "f1", "c0", "c1", "h3"])
        // Rows follow each other down the table.
        var y = 0.0
        for cell in cells {
            #expect(cell["frame"]?["y"]?.number == y)
            y += cell["frame"]?["height"]?.number ?? 0
        }
        #expect(pipelined.last?["record"]?.string == "end")
        #expect(pipelined.last?["cells"]?.number == 10)
        #expect(pipelined.last?["sections"]?[3]?["header"]?.bool == true)
    }

    /// A cell that breaks the contract is a 422 when the body is read whole,
    /// and the same problem as the stream's last record when it is not.
    @Test func aBadCellAfterTheStartIsAnErrorRecord() throws {
        let body = feedBody(cells: 40).replacingFirst(#"{"id":"post-25","node":"#, with: #"{"id":"post-25","kind":"interop","node":"#)
        guard case .refused(let refused) = makeEngine().beginStream(Array(body.utf8)) else {
            Issue.record("a short body is read whole, its errors refused")
            return
        }
        let records = try streamRecords(makeEngine(workers: 2, pipelined: true), body, pipelined: true)
        let last = try #require(records.last)
        #expect(last["record"]?.string == "error")
        #expect(last["path"]?.string == refused.path?.description)
        #expect(last["path"]?.string == "/items/25")
        #expect(last["status"]?.number == 422)
        let cells = records.filter { $0["record"]?.string == "cell" }
        #expect(cells.count <= 25)
        #expect(cells.map { $0["index"]?[1]?.number ?? -1 } == (0..<cells.count).map(Double.init))
    }

    /// Malformed JSON anywhere is reported over a contract error before it,
    /// as a body read whole reports it, with its line and column.
    @Test func malformedJSONWinsOverAnEarlierBadCell() throws {
        var body = feedBody(cells: 40).replacingFirst(#"{"id":"post-10","node":"#, with: #"{"id":"post-10","kind":"interop","node":"#)
        body = body.replacingFirst(#"{"id":"post-30","#, with: #"{"id":"post-30",,"#)
        let records = try streamRecords(makeEngine(workers: 2, pipelined: true), body, pipelined: true)
        let last = try #require(records.last)
        #expect(last["record"]?.string == "error")
        #expect(last["status"]?.number == 400)
        #expect(last["line"]?.number == 1)
        let column = try #require(last["column"]?.number)
        let expected = try #require(body.range(of: #""post-30",,"#)).upperBound
        #expect(Int(column) == body.unicodeScalars.distance(from: body.startIndex, to: expected))
    }

    @Test func aLateDirectionThatChangesTheRowsIsAnErrorRecord() throws {
        let engine = makeEngine(workers: 2, pipelined: true)
        let rtl = String(feedBody(cells: 12).dropLast()) + #","direction":"rtl"}"#
        let records = try streamRecords(engine, rtl, pipelined: true)
        #expect(records.last?["record"]?.string == "error")
        #expect(records.last?["path"]?.string == "/direction")
        // The same value as the one assumed changes nothing.
        let ltr = String(feedBody(cells: 12).dropLast()) + #","direction":"ltr"}"#
        #expect(try streamRecords(engine, ltr, pipelined: true).last?["record"]?.string == "end")
    }

    /// Without the container, a cell's range is unknown: such a body is read whole.
    @Test func aContainerAfterTheCellsIsReadWhole() throws {
        let body = feedBody(cells: 20)
        let start = try #require(body.range(of: #","pointScale":2,"#))
        let container = String(body[body.index(after: body.startIndex)..<start.lowerBound])
        let reordered = "{" + String(body[start.upperBound...].dropLast()) + "," + container + #","pointScale":2}"#
        let engine = makeEngine(workers: 2, pipelined: true)
        let records = try streamRecords(engine, reordered, pipelined: false)
        #expect(records == (try streamRecords(engine, body, pipelined: true)))
    }

    /// A stream whose client went away stops reading and laying out.
    @Test func aGoneClientStopsTheRead() throws {
        let engine = makeEngine(workers: 2, pipelined: true)
        let body = Array(feedBody(cells: 400).utf8)
        guard case .ready(let plan) = engine.beginStream(body) else {
            Issue.record("refused")
            return
        }
        let lines = LinesBox()
        let gone = CancellationFlag()
        engine.stream(plan, cancellation: gone) { bytes in
            lines.append(bytes)
            if lines.all().count == 3 { gone.cancel() }
        }
        let records = try lines.all().map { try JSONValue.parse($0) }
        #expect(records.count < 400)
        #expect(records.last?["record"]?.string == "error")
        #expect(records.last?["status"]?.number == 408)
    }
}
