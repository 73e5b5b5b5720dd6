import Testing
import WeftCells
import WeftJSON
import WeftLayout
import WeftText

@testable import WeftService

/// Texts in container cells: `?lines=1` gives each text's line boxes as
/// `/v1/layout/node?lines=1` does, and a missing font family is warned about
/// once per request, whole or streamed, with the cache on or off.
@Suite struct ContainerTextTests {
    static let width = 320.0

    static func cellNode(_ i: Int, family: String = "Inter") -> String {
        #"{"type":"stack","direction":"vertical","spacing":4,"children":[{"type":"text","id":"author","spans":[{"text":"Ada \#(i)","font":{"weight":700}},{"text":" · 2h","font":{"size":12}}],"font":{"family":"\#(family)","size":15}},{"type":"text","id":"body","text":"A caption that wraps over more than one line of the cell, number \#(i).","font":{"family":"Inter","size":15},"maxLines":2}]}"#
    }

    static func containerBody(cells: Int, family: (Int) -> String = { _ in "Inter" }) -> String {
        let items = (0..<cells).map { #"{"id":"c\#($0)","node":\#(cellNode($0, family: family($0)))}"# }
        return #"{"container":{"type":"table","bounds":{"width":\#(width),"height":600},"separatorStyle":"none"},"items":["#
            + items.joined(separator: ",") + "]}"
    }

    static func engine(cacheMB: Int, pipelined: Bool = false) -> ContainerEngine {
        ContainerEngine(
            workers: 2, cacheBytes: cacheMB << 20, textMeasurer: WeftTextMeasurer.shared,
            pipelineMinimumBytes: pipelined ? 0 : ContainerEngine.defaultPipelineMinimumBytes)
    }

    static func whole(_ engine: ContainerEngine, _ body: String, lines: Bool) throws -> JSONValue {
        let response = engine.respond(body: Array(body.utf8), reportsLines: lines)
        #expect(response.status == 200)
        return try JSONValue.parse(response.body)
    }

    static func streamed(_ engine: ContainerEngine, _ body: String, lines: Bool) throws -> [JSONValue] {
        guard case .ready(let plan) = engine.beginStream(Array(body.utf8), reportsLines: lines) else {
            Issue.record("the request was refused")
            return []
        }
        let records = LinesBox()
        engine.stream(plan) { bytes in records.append(bytes) }
        return try records.all().map { line throws in try JSONValue.parse(line) }
    }

    /// The cell layouts of a stream, in index order.
    static func layouts(_ records: [JSONValue]) -> [JSONValue?] {
        records.filter { $0["record"]?.string == "cell" }
            .sorted { ($0["index"]?[1]?.number ?? 0) < ($1["index"]?[1]?.number ?? 0) }
            .map { $0["layout"] }
    }

    /// The `lines` of the text node `id` in an output tree.
    static func lines(of id: String, in node: JSONValue?) -> JSONValue? {
        guard let node else { return nil }
        if node["id"]?.string == id { return node["lines"] }
        for child in node["children"]?.array ?? [] {
            if let found = lines(of: id, in: child) { return found }
        }
        return nil
    }

    /// A text of `count` one-character lines (at a width of one point),
    /// listing its line boxes.
    static func narrowText(_ id: String, lines count: Int) -> String {
        #"{"type":"text","id":"\#(id)","lines":true,"style":{"maxWidth":1},"text":"\#(String(repeating: "x ", count: count))"}"#
    }

    /// A request lists at most `ReportedLines.limit` line boxes: past it, a
    /// 422 at the text that passes it, on the node endpoint and in a cell,
    /// or at the cell whose tree takes a container's cells past it, the
    /// same whether its cells are laid out or found in the cache; the cells
    /// of a nested container count at that container.
    @Test func lineBoxesAreBoundedPerRequest() throws {
        let limit = ReportedLines.limit
        let half = limit / 2 + 1
        func node(_ children: [String]) -> ServiceResponse {
            LayoutNodeEndpoint.respond(
                body: Array(#"{"root":{"type":"stack","children":[\#(children.joined(separator: ","))]}}"#.utf8),
                flatten: false, lines: false, textMeasurer: WeftTextMeasurer.shared)
        }
        let fits = node([Self.narrowText("a", lines: half)])
        #expect(fits.status == 200)
        let over = node([Self.narrowText("a", lines: half), Self.narrowText("b", lines: half)])
        #expect(over.status == 422)
        let problem = try JSONValue.parse(over.body)
        #expect(problem["type"]?.string?.hasSuffix("limit-exceeded") == true)
        #expect(problem["path"]?.string == "/root/children/1")
        let cell = #"{"type":"stack","children":[\#(Self.narrowText("a", lines: half)),\#(Self.narrowText("b", lines: half))]}"#
        let body = #"{"container":{"type":"table","bounds":{"width":100,"height":600}},"items":[{"id":"c0","node":{"type":"box"}},{"id":"c1","node":\#(cell)}]}"#
        for cacheMB in [0, 8] {
            let response = Self.engine(cacheMB: cacheMB).respond(body: Array(body.utf8))
            #expect(response.status == 422)
            #expect(try JSONValue.parse(response.body)["path"]?.string == "/items/1/node/children/1")
        }
        // In a stack: a cell's own root takes the container's width.
        let cells = (0..<2).map { #"{"id":"c\#($0)","node":{"type":"stack","children":[\#(Self.narrowText("t", lines: half))]}}"# }
        let twoCells = #"{"container":{"type":"table","bounds":{"width":100,"height":600}},"items":[\#(cells.joined(separator: ","))]}"#
        for cacheMB in [0, 8] {
            let engine = Self.engine(cacheMB: cacheMB)
            // Twice: the second time, from the cache when it is on.
            for _ in 0..<2 {
                let response = engine.respond(body: Array(twoCells.utf8))
                #expect(response.status == 422)
                let problem = try JSONValue.parse(response.body)
                #expect(problem["path"]?.string == "/items/1/node")
                #expect(problem["type"]?.string?.hasSuffix("limit-exceeded") == true)
            }
            let oneCell = #"{"container":{"type":"table","bounds":{"width":100,"height":600}},"items":[\#(cells[0])]}"#
            #expect(engine.respond(body: Array(oneCell.utf8)).status == 200)
        }
        let strip = #"{"type":"container","container":{"type":"collection"},"items":[\#(cells.joined(separator: ","))]}"#
        let nested = node([#"{"type":"box"}"#, strip])
        #expect(nested.status == 422)
        #expect(try JSONValue.parse(nested.body)["path"]?.string == "/root/children/1")
        let oneCard = #"{"type":"container","container":{"type":"collection"},"items":[\#(cells[0])]}"#
        #expect(node([oneCard]).status == 200)
    }

    @Test func linesAreThoseOfTheNodeEndpointForTheSameTree() throws {
        let whole = try Self.whole(Self.engine(cacheMB: 0), Self.containerBody(cells: 3), lines: true)
        for i in 0..<3 {
            let body = #"{"sizeRange":{"min":{"width":\#(Self.width),"height":0},"max":{"width":\#(Self.width),"height":null}},"root":\#(Self.cellNode(i))}"#
            let node = try JSONValue.parse(
                LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, lines: true, textMeasurer: WeftTextMeasurer.shared).body)
            let cell = whole["items"]?[i]?["layout"] ?? whole["sections"]?[0]?["items"]?[i]?["layout"]
            for id in ["author", "body"] {
                let expected = try #require(Self.lines(of: id, in: node["layout"]))
                #expect(expected.array?.isEmpty == false)
                #expect(Self.lines(of: id, in: cell) == expected, "cell \(i) text \(id)")
            }
        }
        let without = try Self.whole(Self.engine(cacheMB: 0), Self.containerBody(cells: 3), lines: false)
        #expect(Self.lines(of: "author", in: without["sections"]?[0]?["items"]?[0]?["layout"]) == nil)
    }

    /// A cell cached without lines is not served to a request that asks for
    /// them, nor the other way round, whole or streamed.
    @Test(arguments: [false, true]) func linesAreTheSameWholeStreamedAndCached(pipelined: Bool) throws {
        let body = Self.containerBody(cells: 12)
        let reference = try Self.whole(Self.engine(cacheMB: 0), body, lines: true)
        let expected = (0..<12).map { reference["sections"]?[0]?["items"]?[$0]?["layout"] }
        #expect(Self.lines(of: "body", in: expected[0]) != nil)
        let cached = Self.engine(cacheMB: 8, pipelined: pipelined)
        for lines in [false, true, false, true] {
            let whole = try Self.whole(cached, body, lines: lines)
            let stream = try Self.streamed(cached, body, lines: lines)
            let wholeLayouts = (0..<12).map { whole["sections"]?[0]?["items"]?[$0]?["layout"] }
            #expect(Self.layouts(stream) == wholeLayouts)
            #expect(wholeLayouts.allSatisfy { (Self.lines(of: "body", in: $0) != nil) == lines })
            if lines { #expect(wholeLayouts == expected) }
        }
    }

    /// One warning per missing family and request, at the first cell asking
    /// for it, identical whole and streamed, with the cache on and off.
    @Test(arguments: [false, true]) func aMissingFamilyIsWarnedAboutOncePerRequest(pipelined: Bool) throws {
        let body = Self.containerBody(cells: 20) { $0 % 3 == 0 ? "Nope Sans" : ($0 % 3 == 1 ? "Other Serif" : "Inter") }
        var answers: [JSONValue?] = []
        for cacheMB in [0, 8] {
            let engine = Self.engine(cacheMB: cacheMB, pipelined: pipelined)
            for _ in 0..<2 {
                answers.append(try Self.whole(engine, body, lines: false)["warnings"])
                answers.append(try Self.streamed(engine, body, lines: false).last?["warnings"])
            }
        }
        let warnings = try #require(answers.first ?? nil)
        #expect(warnings.array?.map { $0["path"]?.string } == ["/items/0/node/children/0/font/family", "/items/1/node/children/0/font/family"])
        #expect(warnings[0]?["detail"]?.string?.contains("Nope Sans") == true)
        #expect(warnings[1]?["detail"]?.string?.contains("Other Serif") == true)
        for answer in answers { #expect(answer == warnings) }
    }
}
