import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// A `container` element inside a cell's tree (a horizontal strip in a table
/// row, a list in a pager page), through the container engine and the node
/// endpoint. Every expected frame is worked out from the flow, table and
/// pager rules by hand.
@Suite struct NestedContainerTests {
    /// Cards of the given sizes, ids `card-k`.
    private func cards(_ sizes: [(Double, Double)]) -> String {
        sizes.enumerated().map { k, s in
            #"{"id": "card-\#(k)", "node": {"type": "box", "id": "face", "style": {"width": \#(s.0), "height": \#(s.1)}}}"#
        }.joined(separator: ",")
    }

    /// A horizontal flow strip (spacing 10) holding `cards`.
    private func strip(_ cards: String, offsetX: Double = 0, extra: String = "") -> String {
        #"""
        {"type": "container", "id": "strip", "container": {"type": "collection", "scrollDirection": "horizontal",
           "flow": {"itemSpacing": 10, "lineSpacing": 10}, "contentOffset": {"x": \#(offsetX), "y": 0}\#(extra)},
         "items": [\#(cards)]}
        """#
    }

    /// A table row: a 20-point title above the strip, 4 points apart.
    private func row(_ id: String, _ strip: String) -> String {
        #"{"id": "\#(id)", "node": {"type": "stack", "direction": "vertical", "spacing": 4, "children": [{"type": "box", "id": "title", "style": {"height": 20}}, \#(strip)]}}"#
    }

    private func table(_ rows: [String], height: Double = 400) -> String {
        #"{"container": {"type": "table", "bounds": {"width": 300, "height": \#(height)}, "separatorStyle": "none"}, "items": [\#(rows.joined(separator: ","))]}"#
    }

    private func frame(_ json: JSONValue?) throws -> [Double] {
        let f = try #require(json)
        return try ["x", "y", "width", "height"].map { try #require(f[$0]?.number) }
    }

    private func indexPaths(_ json: JSONValue?) -> [[Double]] {
        guard case .array(let paths)? = json else { return [] }
        return paths.map { path in
            guard case .array(let parts) = path else { return [] }
            return parts.compactMap(\.number)
        }
    }

    @Test func stripInATableRowTakesTheRowWidthAndItsTallestCard() throws {
        let body = table([row("row-0", strip(cards([(120, 80), (120, 80), (120, 60)]), offsetX: 200))])
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        let layout = try #require(json["sections"]?[0]?["items"]?[0]?["layout"])
        let node = try #require(layout["children"]?[1])
        #expect(node["type"]?.string == "container")
        // Below the 20-point title and 4 points of spacing; the row's width; the tallest card's height.
        #expect(try frame(node["frame"]) == [0, 24, 300, 80])
        #expect(try frame(json["sections"]?[0]?["items"]?[0]?["frame"]) == [0, 0, 300, 104])
        // Each column of the horizontal flow holds one card (two do not fit in 80 points);
        // columns 10 apart; a column's lone card is centred across it: (80 - 60) / 2 = 10.
        let items = node["sections"]?[0]?["items"]
        #expect(try frame(items?[0]?["frame"]) == [0, 0, 120, 80])
        #expect(try frame(items?[1]?["frame"]) == [130, 0, 120, 80])
        #expect(try frame(items?[2]?["frame"]) == [260, 10, 120, 60])
        #expect(items?[2]?["id"]?.string == "card-2")
        #expect(try frame(items?[2]?["layout"]?["frame"]) == [0, 0, 120, 60])
        #expect(items?[2]?["layout"]?["id"]?.string == "face")
        #expect(node["contentSize"]?["width"]?.number == 380)
        #expect(node["contentSize"]?["height"]?.number == 80)
        // At contentOffset x 200 the strip's 300-point viewport spans x 200..500:
        // card 0 (0..120) is out, cards 1 and 2 are in.
        #expect(indexPaths(node["hints"]?["ranges"]?["visible"]) == [[0, 1], [0, 2]])
    }


    /// Two cards of one strip with one id: the path is the second's from the
    /// request's root, and the detail names the first within the strip (a
    /// pointer from the root would name a row).
    @Test func aDuplicateIdInAStripNamesTheFirstWithinTheStrip() throws {
        let twins = #"{"id": "k", "node": {"type": "box", "style": {"width": 10, "height": 10}}}"#
        let body = table([row("r0", strip(cards([(10, 10)]))), row("r1", strip(twins + "," + twins))])
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(json["path"]?.string == "/items/1/node/children/1/items/1/id")
        #expect(json["detail"]?.string == #"the id "k" is already the id of the cell at items/0 of this container"#)
    }

    /// A card without an id is named within its strip as well.
    @Test func aMissingIdInAStripNamesTheCardWithinTheStrip() throws {
        let nameless = #"{"node": {"type": "box", "style": {"width": 10, "height": 10}}}"#
        let body = table([row("r0", strip(cards([(10, 10)]) + "," + nameless))])
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(json["path"]?.string == "/items/0/node/children/1/items/1")
        let detail = try #require(json["detail"]?.string)
        #expect(detail.hasPrefix("the cell at items/1 of this container has no id"), "\(detail)")
    }

    @Test func sectionAndContentInsetsAddToTheStripHeight() throws {
        let extra = #", "contentInset": {"top": 2, "bottom": 3}"#
        let element = #"""
            {"type": "container", "container": {"type": "collection", "scrollDirection": "horizontal",
               "flow": {"sectionInset": {"top": 5, "bottom": 5, "left": 8}}\#(extra)},
             "items": [\#(cards([(50, 40), (50, 30)]))]}
            """#
        let json = try nodeAnswer(element, width: 200)
        // 40 + 5 + 5 (section) + 2 + 3 (content) = 55.
        #expect(try frame(json["layout"]?["frame"]) == [0, 0, 200, 55])
        // The section inset's left edge starts the first column; the content inset is not part of content coordinates.
        #expect(try frame(json["layout"]?["sections"]?[0]?["items"]?[0]?["frame"]) == [8, 5, 50, 40])
    }

    /// A node request of `element` as the root, `width` wide and free in height.
    private func nodeAnswer(_ element: String, width: Double, height: String = "null") throws -> JSONValue {
        let body = #"{"sizeRange": {"min": {"width": \#(width), "height": 0}, "max": {"width": \#(width), "height": \#(height)}}, "root": \#(element)}"#
        let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, textMeasurer: nil)
        #expect(response.status == 200)
        return try JSONValue.parse(response.body)
    }

    @Test func verticalListInsidePagerPagesTakesThePageSize() throws {
        // Each page is exactly 200 x 300; the table in it takes the page (its range is exact).
        let rows = (0..<3).map { #"{"id": "r\#($0)", "node": {"type": "box", "style": {"height": 50}}}"# }.joined(separator: ",")
        let list = #"{"type": "container", "container": {"type": "table", "separatorStyle": "none", "contentOffset": {"x": 0, "y": 60}}, "items": [\#(rows)]}"#
        let pager = #"""
            {"type": "container", "container": {"type": "pager", "bounds": {"width": 200, "height": 300}},
             "items": [{"id": "p0", "node": \#(list)}, {"id": "p1", "node": \#(list)}]}
            """#
        let json = try nodeAnswer(pager, width: 200, height: "300")
        let outer = try #require(json["layout"])
        #expect(try frame(outer["frame"]) == [0, 0, 200, 300])
        #expect(outer["contentSize"]?["width"]?.number == 400)
        let page1 = try #require(outer["sections"]?[0]?["items"]?[1])
        #expect(try frame(page1["frame"]) == [200, 0, 200, 300])
        let inner = try #require(page1["layout"])
        #expect(try frame(inner["frame"]) == [0, 0, 200, 300])
        #expect(inner["contentSize"]?["height"]?.number == 150)
        #expect(try frame(inner["sections"]?[0]?["items"]?[2]?["frame"]) == [0, 100, 200, 50])
        // Viewport y 60..360: row 0 (0..50) is out.
        #expect(indexPaths(inner["hints"]?["ranges"]?["visible"]) == [[0, 1], [0, 2]])
    }

    @Test func verticalListInAnUnboundedRowTakesItsContentHeight() throws {
        // Single-line separators at scale 2 add half a point per row: 3 x 50.5.
        let rows = (0..<3).map { i in #"{"id": "r\#(i)", "node": {"type": "box", "style": {"height": 50}}}"# }.joined(separator: ",")
        let list = #"{"type": "container", "container": {"type": "table"}, "items": [\#(rows)]}"#
        let body = #"{"container": {"type": "table", "bounds": {"width": 300, "height": 400}, "separatorStyle": "none"}, "pointScale": 2, "items": [{"id": "row", "node": \#(list)}]}"#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        let inner = try #require(json["sections"]?[0]?["items"]?[0]?["layout"])
        #expect(try frame(inner["frame"]) == [0, 0, 300, 151.5])
        #expect(try frame(json["sections"]?[0]?["items"]?[0]?["frame"]) == [0, 0, 300, 151.5])
        #expect(try frame(inner["sections"]?[0]?["items"]?[1]?["frame"]) == [0, 50.5, 300, 50.5])
    }

    /// A strip whose `maxHeight` cuts it below its tallest card holds its
    /// cards to that height, as the same strip of that `height` does: each
    /// item of a horizontal flow is at most the bounds' height tall.
    @Test func aStripCutByMaxHeightHoldsItsCellsToIt() throws {
        let cards = #"{"id": "c0", "node": {"type": "box", "style": {"preferredSize": {"width": 100, "height": 80}}}}, {"id": "c1", "node": {"type": "box", "style": {"preferredSize": {"width": 100, "height": 120}}}}"#
        var answers: [JSONValue] = []
        for style in [#"{"maxHeight": 100}"#, #"{"height": 100}"#] {
            let element = #"{"type": "container", "style": \#(style), "container": {"type": "collection", "scrollDirection": "horizontal", "flow": {"itemSpacing": 10}}, "items": [\#(cards)]}"#
            let json = try nodeAnswer(element, width: 320)
            #expect(try frame(json["layout"]?["frame"]) == [0, 0, 320, 100])
            #expect(try frame(json["layout"]?["sections"]?[0]?["items"]?[1]?["frame"]) == [110, 0, 100, 100])
            answers.append(json["layout"]?["sections"] ?? .null)
        }
        #expect(answers[0] == answers[1])
    }

    @Test func styleSizesTheContainerAndExplicitBoundsSetItsViewport() throws {
        let element = #"""
            {"type": "container", "style": {"height": 100},
             "container": {"type": "collection", "scrollDirection": "horizontal", "bounds": {"width": 150, "height": 100}},
             "items": [\#(cards([(60, 40), (60, 40), (60, 40)]))]}
            """#
        let json = try nodeAnswer(element, width: 300)
        #expect(try frame(json["layout"]?["frame"]) == [0, 0, 300, 100])
        // 40 + 10 + 40 fits the 100-point height: two cards per column, justified to its edges.
        let items = json["layout"]?["sections"]?[0]?["items"]
        #expect(try frame(items?[0]?["frame"]) == [0, 0, 60, 40])
        #expect(try frame(items?[1]?["frame"]) == [0, 60, 60, 40])
        #expect(try frame(items?[2]?["frame"]) == [70, 30, 60, 40])
        // The viewport is the explicit 150 points: cards at x 0 and 70 are visible at offset 0.
        #expect(indexPaths(json["layout"]?["hints"]?["ranges"]?["visible"]) == [[0, 0], [0, 1], [0, 2]])
        #expect(json["layout"]?["hints"]?["pages"]?[0]?["lastItem"] != nil)
    }

    @Test func answersAreByteIdenticalAtAnyWorkerCountWithTheCacheOnOrOff() throws {
        var rows: [String] = []
        for i in 0..<40 {
            var sizes: [(Double, Double)] = []
            for k in 0...(i % 7) { sizes.append((Double(60 + 10 * (k % 3)), Double(40 + (i * 7 + k) % 30))) }
            rows.append(row("row-\(i)", strip(cards(sizes), offsetX: Double(i * 5))))
        }
        let body = table(rows, height: 667)
        let reference = withoutStats(try respond(makeEngine(workers: 1), body).bytes)
        for workers in [2, 3] {
            #expect(withoutStats(try respond(makeEngine(workers: workers), body).bytes) == reference)
        }
        let cached = makeEngine(workers: 2, cacheMB: 8)
        #expect(withoutStats(try respond(cached, body).bytes) == reference)
        let warm = try respond(cached, body)
        #expect(warm.body["stats"]?["cacheHits"]?.number == 40)
        #expect(withoutStats(warm.bytes) == reference)
    }

    @Test func aStreamCarriesTheSameNestedLayoutsAsTheWholeAnswer() throws {
        let rows = (0..<6).map { i in row("row-\(i)", strip(cards([(100, 50 + Double(i)), (100, 40)]))) }
        let body = table(rows)
        let whole = try respond(makeEngine(), body).body
        for pipelined in [false, true] {
            let records = try streamRecords(makeEngine(workers: 2, pipelined: pipelined), body)
            let cells = records.filter { $0["record"]?.string == "cell" }
            #expect(cells.count == 6)
            for cell in cells {
                let id = try #require(cell["id"]?.string)
                let i = try #require(Int(id.dropFirst(4)))
                #expect(cell["layout"] == whole["sections"]?[0]?["items"]?[i]?["layout"])
                #expect(cell["layout"]?["children"]?[1]?["sections"]?[0]?["items"]?[0]?["frame"]?["height"]?.number == 50 + Double(i))
            }
        }
    }

    // MARK: - Errors

    @Test func aBadValueInsideANestedCellPointsIntoTheNestedValue() throws {
        let bad = #"{"type": "container", "container": {"type": "collection"}, "items": [{"node": {"type": "box"}}, {"node": {"type": "stack", "children": [{"type": "box", "style": {"width": "wide"}}]}}]}"#
        let body = table([row("row-0", bad)])
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(json["path"]?.string == "/items/0/node/children/1/items/1/node/children/0/style/width")
        let node = LayoutNodeEndpoint.respond(body: Array(#"{"root": \#(bad)}"#.utf8), flatten: false, textMeasurer: nil)
        #expect(node.status == 422)
        #expect(try JSONValue.parse(node.body)["path"]?.string == "/root/items/1/node/children/0/style/width")
    }

    /// A strip's cells are read before their trees; the error reported is
    /// still the first in the document, whether a tree or a cell's field.
    @Test func theFirstErrorOfAStripIsTheFirstInTheDocument() throws {
        func strip(_ first: String, _ second: String) -> String {
            #"{"type": "container", "container": {"type": "collection"}, "items": [\#(first), \#(second)]}"#
        }
        let badTree = #"{"node": {"type": "stack", "children": [{"type": "box", "style": {"width": "wide"}}]}}"#
        let badKind = #"{"kind": "bogus", "node": {"type": "box"}}"#
        let good = #"{"node": {"type": "box"}}"#
        // One cell, its tree before or after a bad field.
        let treeThenKind = #"{"node": {"type": "box", "style": {"width": "wide"}}, "kind": "bogus"}"#
        let kindThenTree = #"{"kind": "bogus", "node": {"type": "box", "style": {"width": "wide"}}}"#
        let cases: [(String, String)] = [
            (strip(badTree, badKind), "/items/0/node/children/1/items/0/node/children/0/style/width"),
            (strip(badKind, badTree), "/items/0/node/children/1/items/0/kind"),
            (strip(good, badTree), "/items/0/node/children/1/items/1/node/children/0/style/width"),
            (strip(good, badKind), "/items/0/node/children/1/items/1/kind"),
            (strip(good, treeThenKind), "/items/0/node/children/1/items/1/node/style/width"),
            (strip(good, kindThenTree), "/items/0/node/children/1/items/1/kind"),
        ]
        for (container, path) in cases {
            let (status, json, _) = try respond(makeEngine(), table([row("row-0", container)]))
            #expect(status == 422)
            #expect(json["path"]?.string == path, "\(container)")
        }
    }

    /// A nested cell's tree is stepped over where the hash pass saw it end;
    /// a second `node` in the same cell is still refused, not skipped.
    @Test func aNestedCellWithTwoNodesIsRefused() throws {
        let twice = #"{"node": {"type": "box", "style": {"width": 10}}, "node": {"type": "box", "style": {"width": 20}}}"#
        let container = #"{"type": "container", "container": {"type": "collection"}, "items": [\#(twice)]}"#
        let (status, json, _) = try respond(makeEngine(), table([row("row-0", container)]))
        #expect(status == 422)
        #expect(json["path"]?.string == "/items/0/node/children/1/items/0/node")
    }

    private func nodeProblem(_ root: String, limits: DecodeLimits = .standard) throws -> (type: String?, path: String?) {
        let response = LayoutNodeEndpoint.respond(
            body: Array(#"{"root": \#(root)}"#.utf8), flatten: false, textMeasurer: nil, limits: limits)
        #expect(response.status == 422)
        let json = try JSONValue.parse(response.body)
        return (json["type"]?.string, json["path"]?.string)
    }

    @Test func theInnerRequestIsCheckedAsAContainerRequest() throws {
        let noCells = try nodeProblem(#"{"type": "container", "container": {"type": "table"}}"#)
        #expect(noCells.type?.hasSuffix("missing-field") == true)
        #expect(noCells.path == "/root")
        let noContainer = try nodeProblem(#"{"type": "container", "items": []}"#)
        #expect(noContainer.path == "/root")
        let both = try nodeProblem(#"{"type": "container", "container": {"type": "table"}, "items": [], "sections": []}"#)
        #expect(both.path == "/root/sections")
        let accessory = try nodeProblem(#"{"type": "container", "container": {"type": "collection"}, "items": [{"id": "a", "node": {"type": "box"}, "accessoryType": "checkmark"}]}"#)
        #expect(accessory.type?.hasSuffix("unknown-key") == true)
        #expect(accessory.path == "/root/items/0/accessoryType")
        let separator = try nodeProblem(#"{"type": "container", "container": {"type": "collection"}, "items": [{"id": "a", "node": {"type": "box"}, "separatorInset": {"left": 15}}]}"#)
        #expect(separator.type?.hasSuffix("unknown-key") == true)
        #expect(separator.path == "/root/items/0/separatorInset")
        let bounds = try nodeProblem(#"{"type": "container", "container": {"type": "table", "bounds": {"width": 0, "height": 10}}, "items": []}"#)
        #expect(bounds.path == "/root/container/bounds")
        let pagerHeader = try nodeProblem(#"{"type": "stack", "children": [{"type": "container", "container": {"type": "pager"}, "sections": [{"header": {"node": {"type": "box"}}, "items": []}]}]}"#)
        #expect(pagerHeader.path == "/root/children/0/sections/0/header")
        let foreign = try nodeProblem(#"{"type": "box", "items": []}"#)
        #expect(foreign.path == "/root/items")
    }

    private func nested(_ levels: Int) -> String {
        var element = #"{"type": "box"}"#
        for _ in 0..<levels {
            element = #"{"type": "container", "container": {"type": "table"}, "items": [{"id": "only", "node": \#(element)}]}"#
        }
        return element
    }

    @Test func nestingIsBoundedByTheElementDepthLimit() throws {
        // Each container is one element level deeper than the one holding it
        // (a cell's root is the next container): eight levels pass a limit of 7.
        let shallow = try nodeProblem(nested(8), limits: DecodeLimits(maxElementDepth: 7))
        #expect(shallow.type?.hasSuffix("limit-exceeded") == true)
        #expect(shallow.path == "/root" + String(repeating: "/items/0/node", count: 7))
        // 80 levels are within the standard limits and lay out; 200 pass the JSON depth limit first.
        let deep = try nodeAnswer(nested(80), width: 100)
        #expect(deep["layout"]?["type"]?.string == "container")
        let tooDeep = LayoutNodeEndpoint.respond(body: Array(#"{"root": \#(nested(200))}"#.utf8), flatten: false, textMeasurer: nil)
        #expect(tooDeep.status == 400)
    }

    @Test func nestedCellsCountAgainstTheElementLimit() throws {
        // One container and twelve cells (each one element, its box another) pass 20 elements.
        let twelve = (0..<12).map { _ in #"{"node": {"type": "box"}}"# }.joined(separator: ",")
        let problem = try nodeProblem(
            #"{"type": "container", "container": {"type": "table"}, "items": [\#(twelve)]}"#, limits: DecodeLimits(maxElements: 20))
        #expect(problem.type?.hasSuffix("limit-exceeded") == true)
        let interop = (0..<12).map { _ in #"{"kind": "interop", "size": {"width": 10, "height": 10}}"# }.joined(separator: ",")
        // The container, the section the `items` shorthand stands for (counted
        // as a section sent whole is) and eight cells are ten: the ninth passes.
        let cells = try nodeProblem(
            #"{"type": "container", "container": {"type": "table"}, "items": [\#(interop)]}"#, limits: DecodeLimits(maxElements: 10))
        #expect(cells.path == "/root/items/8")
        let section = try nodeProblem(
            #"{"type": "container", "container": {"type": "table"}, "sections": [{"items": [\#(interop)]}]}"#,
            limits: DecodeLimits(maxElements: 10))
        #expect(section.path == "/root/sections/0/items/8")
    }

    @Test func idsAreScopedToEachNestedCell() throws {
        let element = #"""
            {"type": "stack", "direction": "vertical", "children": [{"type": "box", "id": "face"},
              \#(strip(cards([(10, 10), (10, 10)])))]}
            """#
        _ = try nodeAnswer(element, width: 100)
    }
}
