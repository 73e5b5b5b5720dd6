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

    /// Also over a tree that failed its layout before the read reached the
    /// malformed bytes: its error record waits for the end of the read.
    /// The cells are laid out once their list closes, so the bytes after it
    /// (megabytes of whitespace here) are still being read when the tree fails.
    @Test func malformedJSONWinsOverAnEarlierBadTree() throws {
        let cells = feedBody(cells: 40).replacingFirst(
            #"{"id":"post-10","node":{"#, with: #"{"id":"post-10","node":{"style":{"width":-1},"#)
        let padding = String(repeating: " ", count: 4_000_000)
        let malformed = String(cells.dropLast()) + padding + ",}"
        let records = try streamRecords(makeEngine(workers: 2, pipelined: true), malformed, pipelined: true)
        let last = try #require(records.last)
        #expect(last["record"]?.string == "error")
        #expect(last["status"]?.number == 400)
        #expect(records.filter { $0["record"]?.string == "error" }.count == 1)
        // Well-formed, the same body ends with the tree's own error.
        let wellFormed = String(cells.dropLast()) + padding + "}"
        let records2 = try streamRecords(makeEngine(workers: 2, pipelined: true), wellFormed, pipelined: true)
        #expect(records2.last?["status"]?.number == 422)
        #expect(records2.last?["path"]?.string == "/items/10/node/style/width")
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
    /// The read of a stream laid out while read is the read of a body read
    /// whole: its cells go into the raw-cell memo, and a later stream (or
    /// document) whose cells were seen takes them from it, with the records
    /// of a cold engine and every cell from the cache.
    @Test func aStreamReadsAndFillsTheRawCellMemo() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8, pipelined: true)
        let first = try streamRecords(engine, feedBody(cells: 40), pipelined: true)
        #expect(first.last?["record"]?.string == "end")
        #expect(engine.memo.cache.count == 40)
        let hitsBefore = engine.memo.cache.hits
        // The same cells behind a new one: every remembered cell sits elsewhere in the body.
        let shifted = feedBody(cells: 40).replacingFirst(
            #""items":["#, with: #""items":[{"id":"new","kind":"interop","size":{"width":1,"height":33}},"#)
        let warm = try streamRecords(engine, shifted, pipelined: true)
        let cold = try streamRecords(makeEngine(workers: 2, pipelined: true), shifted, pipelined: true)
        #expect(engine.memo.cache.hits - hitsBefore == 40)
        let cells = { (records: [JSONValue]) in records.filter { $0["record"]?.string == "cell" } }
        #expect(cells(warm).count == 41)
        #expect(cells(warm) == cells(cold))
        #expect(warm.last?["stats"]?["cacheHits"]?.number == 40)
        #expect(warm.last?["contentSize"] == cold.last?["contentSize"])
        let document = engine.respond(body: Array(shifted.utf8))
        #expect(try JSONValue.parse(document.body)["stats"]?["cacheHits"]?.number == 40)
        // The new cell too: the second stream remembered it.
        #expect(engine.memo.cache.hits - hitsBefore == 81)
    }

    @Test func aRefKeySpelledWithEscapesIsReadWholeAndResolves() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8, pipelined: true)
        func body(_ cells: [String]) -> String {
            #"{"container":{"type":"table","bounds":{"width":320,"height":400}},"items":[\#(cells.joined(separator: ","))]}"#
        }
        let full = [boxCell("a", height: 40), boxCell("b", height: 60)]
        let (status, json, _) = try respond(engine, body(full))
        #expect(status == 200)
        let key = try #require(json["sections"]?[0]?["items"]?[1]?["key"]?.string)
        let records = try streamRecords(engine, body([full[0], #"{"id":"b","r\u0065f":"\#(key)"}"#]), pipelined: false)
        let cells = records.filter { $0["record"]?.string == "cell" }
        #expect(cells.count == 2)
        #expect(cells.last?["frame"] == json["sections"]?[0]?["items"]?[1]?["frame"])
        #expect(records.last?["record"]?.string == "end")
        let unknown = "c1" + String(repeating: "Q", count: ContentKey.length - 2)
        guard case .refused(let problem) = engine.beginStream(Array(body([full[0], #"{"id":"b","\u0072ef":"\#(unknown)"}"#]).utf8))
        else {
            Issue.record("an unknown ref spelled with escapes was streamed")
            return
        }
        #expect(problem.status == 409)
        #expect(problem.refs == [RequestPath.cell(.item(1), section: 0, shorthand: true)])
    }

    /// A body with `"ref"` anywhere, at its very start or end too, is read
    /// whole; a near miss is not.
    @Test func anyRefKeyMakesTheBodyReadWhole() {
        var yes = [#""ref""#, #"{"a":1,"ref""#, #""ref":1}"#, String(repeating: " ", count: 100_000) + #""ref""#]
        // At every offset within and across the scan's eight-byte steps.
        yes += (0..<17).map { String(repeating: #""r"#, count: $0 / 2) + String(repeating: " ", count: $0 % 2) + #""ref":"# + "    " }
        // The key as the decoder reads it: any of its letters as a \u escape.
        yes += [#""r\u0065f""#, #""\u0072ef""#, #""\u0072\u0065\u0066""#, #""re\u0066""#]
        yes += [String(repeating: #""\u00e9" "#, count: 10) + #"{"\u0072\u0065\u0066":1}"#]
        let no = [
            "", #""ref"#, #"ref""#, #""rel""#, #""refs""#, String(repeating: "ref ", count: 1000),
            #""\u0072e""#, #""r\u0065f\u0066""#, #""\u0072\u0065\u0067""#, #""r\u00e5f""#, #""\r\e\f""#, #""\u07""#,
            String(repeating: #""\u00e9t\u00e9" "#, count: 10),
        ]
        for body in yes { #expect(ContainerEngine.mayHoldRefs(Array(body.utf8)), "\(body.prefix(20))") }
        for body in no { #expect(!ContainerEngine.mayHoldRefs(Array(body.utf8)), "\(body.prefix(20))") }
        // Against a plain search, on bodies made of pieces of the key.
        let pieces = [#""ref""#, #""re"#, #"f""#, #""r"#, " ", "x", #"""#, "ef"].map { Array($0.utf8) }
        var seed: UInt64 = 7, found = 0
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<8 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes += pieces[Int(seed >> 61)]
                if seed >> 60 & 1 == 0 { bytes += pieces[Int(seed >> 56 & 7)] }
            }
            if seed >> 59 & 1 == 0, let k = bytes.firstIndex(of: UInt8(ascii: "\"")) { bytes.remove(at: k) }
            let plain = bytes.count >= 5 && (0...bytes.count - 5).contains { bytes[$0..<$0 + 5].elementsEqual(#""ref""#.utf8) }
            found += plain ? 1 : 0
            #expect(ContainerEngine.mayHoldRefs(bytes) == plain)
        }
        #expect(found > 200 && found < 1800, "both outcomes, often")
    }
}
