import Foundation
import Testing
import WeftCells
import WeftLayout

@testable import WeftService

@Suite struct ContainerStreamTests {
    @Test(arguments: [false, true]) func recordsMatchTheWholeResponse(pipelined: Bool) throws {
        let engine = makeEngine(workers: 2, pipelined: pipelined)
        let body = feedBody(cells: 60)
        let records = try streamRecords(engine, body, pipelined: pipelined)
        let whole = try respond(engine, body).body
        #expect(records.first?["record"]?.string == "start")
        #expect(records.first?["type"]?.string == "table")
        #expect(records.last?["cells"]?.number == 60)
        #expect(records.last?["sections"]?[0]?["items"]?.number == 60)
        let cells = records.filter { $0["record"]?.string == "cell" }
        #expect(cells.count == 60)
        // At the start of the content, rows come in index order, each as the whole response places it.
        for (i, record) in cells.enumerated() {
            let item = whole["sections"]?[0]?["items"]?[i]
            #expect(record["index"]?[1]?.number == Double(i))
            #expect(record["slot"]?.string == "item")
            #expect(record["frame"] == item?["frame"])
            #expect(record["layout"] == item?["layout"])
            #expect(record["table"] == item?["table"])
        }
        let end = try #require(records.last)
        #expect(end["record"]?.string == "end")
        #expect(end["contentSize"] == whole["contentSize"])
        #expect(end["hints"] == whole["hints"])
        #expect(end["stats"]?["cells"]?.number == 60)
    }

    /// With the cache on, a stream looks its cells up as it lays them out; its
    /// `stats` still say what the cache held before the request, at any
    /// worker count, and its cells are those of a whole answer.
    @Test(arguments: [false, true]) func streamedStatsCountWhatTheCacheHeldBefore(pipelined: Bool) throws {
        // Every cell twice: the copy may find the entry its twin just stored.
        let body = Self.withEveryItemTwice(feedBody(cells: 40))
        let whole = try respond(makeEngine(), body).body
        #expect(whole["sections"]?[0]?["items"]?[79] != nil)
        for workers in [1, 2] {
            let engine = makeEngine(workers: workers, cacheMB: 8, pipelined: pipelined)
            let cold = try streamRecords(engine, body, pipelined: pipelined)
            let warm = try streamRecords(engine, body, pipelined: pipelined)
            #expect(cold.last?["stats"]?["cacheHits"]?.number == 0, "\(workers) workers")
            #expect(cold.last?["stats"]?["cacheMisses"]?.number == 80, "\(workers) workers")
            #expect(warm.last?["stats"]?["cacheHits"]?.number == 80, "\(workers) workers")
            #expect(warm.last?["stats"]?["cacheMisses"]?.number == 0, "\(workers) workers")
            for records in [cold, warm] {
                let layouts = records.filter { $0["record"]?.string == "cell" }.sorted {
                    ($0["index"]?[1]?.number ?? 0) < ($1["index"]?[1]?.number ?? 0)
                }.map { $0["layout"] }
                #expect(layouts.count == 80)
                for (i, layout) in layouts.enumerated() {
                    #expect(layout == whole["sections"]?[0]?["items"]?[i]?["layout"])
                }
            }
        }
    }

    /// The feed's items, each followed by a copy of itself under another id.
    static func withEveryItemTwice(_ body: String) -> String {
        let open = #""items":["#
        guard let start = body.range(of: open)?.upperBound else { return body }
        let items = body[start...].dropLast(2).components(separatedBy: #",{"id":"post-"#)
        var doubled: [String] = []
        for (i, item) in items.enumerated() {
            let whole = i == 0 ? item : #"{"id":"post-"# + item
            doubled.append(whole)
            doubled.append(whole.replacingOccurrences(of: #"{"id":"post-"#, with: #"{"id":"copy-"#))
        }
        return String(body[..<start]) + doubled.joined(separator: ",") + "]}"
    }

    @Test(arguments: [false, true]) func visibleRowsComeFirstWhenScrolled(pipelined: Bool) throws {
        let engine = makeEngine(workers: 2, pipelined: pipelined)
        let body = feedBody(cells: 80, offsetY: 3000)
        let whole = try respond(engine, body).body
        let visible = try #require(whole["hints"]?["ranges"]?["visible"])
        guard case .array(let visiblePaths) = visible else { throw Failure() }
        #expect(!visiblePaths.isEmpty)
        let cells = try streamRecords(engine, body, pipelined: pipelined).filter { $0["record"]?.string == "cell" }
        #expect(cells.count == 80)
        // The first records are the visible rows, in order.
        for (k, path) in visiblePaths.enumerated() {
            #expect(cells[k]["index"] == path)
        }
        // Every row is sent exactly once.
        let sent = Set(cells.compactMap { $0["index"]?[1]?.number })
        #expect(sent.count == 80)
    }

    /// A pager's and a collection's places need all their cells: they are read whole first.
    @Test(arguments: [false, true]) func pagerSendsTheCurrentPageFirst(pipelined: Bool) throws {
        let engine = makeEngine(workers: 2, pipelined: pipelined)
        let body = feedBody(cells: 10, type: "pager", offsetX: 375 * 6)
        let cells = try streamRecords(engine, body, pipelined: false).filter { $0["record"]?.string == "cell" }
        #expect(cells.count == 10)
        #expect(cells.first?["index"]?[1]?.number == 6)
        #expect(cells.first?["frame"]?["x"]?.number == 2250)
    }

    @Test(arguments: [false, true]) func collectionCellsFollowThePlacement(pipelined: Bool) throws {
        let engine = makeEngine(workers: 2, pipelined: pipelined)
        let body = feedBody(cells: 12, type: "collection")
        let whole = try respond(engine, body).body
        let cells = try streamRecords(engine, body, pipelined: false).filter { $0["record"]?.string == "cell" }
        #expect(cells.count == 12)
        for record in cells {
            let i = Int(record["index"]?[1]?.number ?? -1)
            #expect(record["frame"] == whole["sections"]?[0]?["items"]?[i]?["frame"])
        }
    }

    /// Cells placed at the end (a collection's, a pinned table's) go out
    /// visible first, headers and footers among them, else in scroll order.
    @Test func visibleHeadersAndFootersComeWithTheVisibleCells() throws {
        func ids(_ body: String) throws -> [String] {
            try streamRecords(makeEngine(), body).filter { $0["record"]?.string == "cell" }.compactMap { $0["id"]?.string }
        }
        func section(_ n: Int, items: Int) -> String {
            let cells = (0..<items).map { #"{"id":"s\#(n)-\#($0)","node":{"type":"box","style":{"height":100}}}"# }
            return #"{"header":{"id":"h\#(n)","node":{"type":"box","style":{"height":20}}},"items":[\#(cells.joined(separator: ","))],"#
                + #""footer":{"id":"f\#(n)","node":{"type":"box","style":{"height":10}}}}"#
        }
        let sections = [section(0, items: 1), section(1, items: 3)].joined(separator: ",")
        let collection = #"{"container":{"type":"collection","bounds":{"width":320,"height":200}},"sections":[\#(sections)]}"#
        #expect(try ids(collection).prefix(4) == ["h0", "s0-0", "f0", "h1"])
        let pinned = #"{"container":{"type":"table","pinHeaders":true,"bounds":{"width":320,"height":200}},"sections":[\#(sections)]}"#
        #expect(try ids(pinned).prefix(4) == ["h0", "s0-0", "f0", "h1"])
        // Scrolled into the second section: its header (pinned) and rows first.
        let scrolled = pinned.replacingFirst(#""pinHeaders":true,"#, with: #""pinHeaders":true,"contentOffset":{"x":0,"y":200},"#)
        #expect(try ids(scrolled).prefix(3) == ["h1", "s1-0", "s1-1"])
    }

    @Test(arguments: [false, true]) func aBadTreeEndsTheStreamWithAnErrorRecord(pipelined: Bool) throws {
        let engine = makeEngine(workers: 1, pipelined: pipelined)
        let body = feedBody(cells: 30).replacingFirst(#"{"id":"post-20","node":{"type":"inset""#, with: #"{"id":"post-20","node":{"type":"insett""#)
        let records = try streamRecords(engine, body, pipelined: pipelined)
        let last = try #require(records.last)
        #expect(last["record"]?.string == "error")
        #expect(last["path"]?.string == "/items/20/node/type")
        #expect(records.filter { $0["record"]?.string == "cell" }.count <= 20)
        #expect(!records.contains { $0["record"]?.string == "end" })
    }

    /// Screenfuls too many to sum (1e308 of them): refused at the value
    /// before any record, by the stream as by the document, whether the
    /// stream would have read its cells whole or while laying them out.
    @Test(arguments: [false, true]) func absurdScreenfulsAreRefusedBeforeTheStream(pipelined: Bool) throws {
        let body = #"{"container": {"type": "table", "bounds": {"width": 320, "height": 480}, "#
            + #""contentOffset": {"x": 0, "y": 1.7e308}, "leadingScreensForBatching": 1e308}, "items": ["#
            + (0..<4).map { boxCell("c\($0)", height: 40) }.joined(separator: ",") + "]}"
        let document = try respond(makeEngine(), body)
        #expect(document.status == 422)
        #expect(document.body["path"]?.string == "/container/leadingScreensForBatching")
        guard case .refused(let problem) = makeEngine(workers: 2, pipelined: pipelined).beginStream(Array(body.utf8)) else {
            Issue.record("the stream began")
            return
        }
        #expect(problem.status == 422)
        #expect(problem.path?.description == "/container/leadingScreensForBatching")
    }

    @Test func acceptNegotiation() {
        #expect(ContainerEndpoint.wantsStream(["application/x-ndjson"]))
        #expect(ContainerEndpoint.wantsStream(["application/x-ndjson, application/json"]))
        #expect(ContainerEndpoint.wantsStream(["application/json;q=0.5, application/x-ndjson;q=0.9"]))
        #expect(!ContainerEndpoint.wantsStream(["application/json, application/x-ndjson;q=0.9"]))
        #expect(!ContainerEndpoint.wantsStream(["application/*, application/x-ndjson;q=0.5"]))
        #expect(ContainerEndpoint.wantsStream(["*/*;q=0.1, application/x-ndjson"]))
        #expect(!ContainerEndpoint.wantsStream(["*/*"]))
        #expect(!ContainerEndpoint.wantsStream(["application/*"]))
        #expect(!ContainerEndpoint.wantsStream(["application/x-ndjson;q=0"]))
        #expect(!ContainerEndpoint.wantsStream(["application/json"]))
        #expect(!ContainerEndpoint.wantsStream([]))
        // Two Accept lines are one list, whichever comes first.
        #expect(ContainerEndpoint.wantsStream(["application/json;q=0.1", "application/x-ndjson"]))
        #expect(ContainerEndpoint.wantsStream(["application/x-ndjson", "application/json;q=0.1"]))
        #expect(!ContainerEndpoint.wantsStream(["application/x-ndjson;q=0.5", "application/json"]))
    }
}

struct Failure: Error {}
