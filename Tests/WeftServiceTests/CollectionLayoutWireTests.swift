import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// The collection layouts, pinned headers and supplementary range elements as
/// the wire format carries them; every expected frame is worked out from the
/// layout's rules.
@Suite struct CollectionLayoutWireTests {
    private func box(_ id: String, width: Double? = nil, height: Double) -> String {
        let w = width.map { #""width": \#($0), "# } ?? ""
        return #"{"id": "\#(id)", "node": {"type": "box", "style": {\#(w)"height": \#(height)}}}"#
    }

    private func frames(_ json: JSONValue, section: Int = 0) throws -> [[Double]] {
        var result: [[Double]] = []
        var i = 0
        while let f = json["sections"]?[section]?["items"]?[i]?["frame"] {
            result.append(try ["x", "y", "width", "height"].map { try #require(f[$0]?.number) })
            i += 1
        }
        return result
    }

    @Test func galleryPlacesEveryItemAtItsSizePackedFromTheStart() throws {
        // 280 points inside the insets: 90 + 15 + 90 fits, a third (300) does not.
        let items = (0..<5).map { box("i\($0)", height: 70) }.joined(separator: ",")
        let body = #"""
            {"container": {"type": "collection", "bounds": {"width": 300, "height": 200}, "layout": "gallery",
               "gallery": {"itemSize": {"width": 90, "height": 40}, "itemSpacing": 15, "lineSpacing": 5, "sectionInset": 10}},
             "items": [\#(items)]}
            """#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        #expect(try frames(json) == [[10, 10, 90, 40], [115, 10, 90, 40], [10, 55, 90, 40], [115, 55, 90, 40], [10, 100, 90, 40]])
        #expect(json["contentSize"]?["height"]?.number == 150)
    }

    @Test func startAlignedFlowPacksLinesToTheStart() throws {
        let items = [box("a", width: 100, height: 50), box("b", width: 100, height: 30), box("c", width: 100, height: 50)].joined(separator: ",")
        let body = #"""
            {"container": {"type": "collection", "bounds": {"width": 300, "height": 200},
               "flow": {"itemSpacing": 10, "lineSpacing": 10, "alignment": "start"}},
             "items": [\#(items)]}
            """#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        // The lone last item stays at the start; the short one at the top of its line.
        #expect(try frames(json) == [[0, 0, 100, 50], [110, 0, 100, 30], [0, 60, 100, 50]])
        #expect(json["contentSize"]?["height"]?.number == 110)
    }

    @Test func masonryPutsEachItemInTheShortestColumn() throws {
        // Columns (300 - 2 * 15) / 3 = 90 wide at x 0, 105, 210.
        let items = [50.0, 30, 40, 20, 10].enumerated().map { box("i\($0.offset)", height: $0.element) }.joined(separator: ",")
        let body = #"""
            {"container": {"type": "collection", "bounds": {"width": 300, "height": 200}, "layout": "masonry",
               "masonry": {"columns": 3, "itemSpacing": 15, "lineSpacing": 5}},
             "items": [\#(items)]}
            """#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        #expect(try frames(json) == [[0, 0, 90, 50], [105, 0, 90, 30], [210, 0, 90, 40], [105, 35, 90, 20], [210, 45, 90, 10]])
        #expect(json["contentSize"]?["height"]?.number == 55)
    }

    /// Two sections, each a 20-point header and three 40-point rows: section 0
    /// spans 0..<140, section 1 140..<280.
    private func pinnedTable(offset: Double) -> String {
        func section(_ s: Int) -> String {
            let rows = (0..<3).map { box("s\(s)-\($0)", height: 40) }.joined(separator: ",")
            return #"{"header": \#(box("h\(s)", height: 20)), "items": [\#(rows)]}"#
        }
        return #"""
            {"container": {"type": "table", "bounds": {"width": 320, "height": 100}, "contentOffset": {"x": 0, "y": \#(offset)},
               "separatorStyle": "none", "pinHeaders": true},
             "sections": [\#(section(0)), \#(section(1))]}
            """#
    }

    @Test(arguments: [(0.0, 0.0, 140.0), (50, 50, 140), (130, 120, 140), (200, 120, 200), (300, 120, 260)])
    func pinnedHeadersStickUntilTheirSectionPushesThemOut(offset: Double, first: Double, second: Double) throws {
        let (status, json, _) = try respond(makeEngine(), pinnedTable(offset: offset))
        #expect(status == 200)
        for (s, y) in [(0, first), (1, second)] {
            let header = try #require(json["sections"]?[s]?["header"])
            #expect(header["frame"]?["y"]?.number == Double(s) * 140)
            #expect(header["pinnedFrame"]?["y"]?.number == y)
            #expect(header["pinnedFrame"]?["height"]?.number == 20)
            #expect(header["pinnedFrame"]?["width"]?.number == 320)
        }
    }

    @Test func headersAreListedInTheRangesInSectionOrder() throws {
        // The viewport 50..<150 meets header 0 (pinned at 50), rows 0-2 and header 1 (140..<160).
        let (_, json, bytes) = try respond(makeEngine(), pinnedTable(offset: 50))
        #expect(json["hints"]?["ranges"]?["visible"]?[0]?["section"]?.number == 0)
        #expect(json["hints"]?["ranges"]?["visible"]?[0]?["kind"]?.string == "header")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""visible":[{"section":0,"kind":"header"},[0,0],[0,1],[0,2],{"section":1,"kind":"header"}]"#))
    }

    @Test func aStreamedPinnedTableCarriesThePinnedFrames() throws {
        for engine in [makeEngine(), makeEngine(pipelined: true)] {
            let records = try streamRecords(engine, pinnedTable(offset: 130))
            let headers = records.filter { $0["slot"]?.string == "header" }
            #expect(headers.count == 2)
            let pinned = Set(headers.compactMap { $0["pinnedFrame"]?["y"]?.number })
            #expect(pinned == [120, 140])
        }
    }

    @Test(arguments: [
        (#""layout": "gallery""#, "table", "/container/layout", "unknown-key"),
        (#""masonry": {"columns": 2}"#, "pager", "/container/masonry", "unknown-key"),
        (#""pinHeaders": true"#, "pager", "/container/pinHeaders", "unknown-key"),
        (#""pinHeaders": 1"#, "table", "/container/pinHeaders", "invalid-type"),
        (#""layout": "grid""#, "collection", "/container/layout", "unknown-token"),
        (#""flow": {"alignment": "center"}"#, "collection", "/container/flow/alignment", "unknown-token"),
        (#""layout": "gallery", "gallery": {"itemSpacing": 4}"#, "collection", "/container/gallery", "missing-field"),
        (#""layout": "gallery""#, "collection", "/container", "missing-field"),
        (#""layout": "gallery", "gallery": {"itemSize": {"width": 0, "height": 10}}"#, "collection", "/container/gallery/itemSize", "invalid-value"),
        (#""gallery": {"itemSize": {"width": 1, "height": 1}, "columns": 2}"#, "collection", "/container/gallery/columns", "unknown-key"),
        (#""layout": "masonry", "masonry": {"columns": 0}"#, "collection", "/container/masonry/columns", "invalid-value"),
        (#""layout": "masonry", "masonry": {"columns": 1.5}"#, "collection", "/container/masonry/columns", "invalid-value"),
        (#""layout": "masonry", "masonry": {"lineSpacing": -1}"#, "collection", "/container/masonry/lineSpacing", "invalid-value"),
        // A layout's object without its `layout` would quietly give a flow.
        (#""gallery": {"itemSize": {"width": 10, "height": 10}}"#, "collection", "/container/gallery", "unknown-key"),
        (#""layout": "gallery", "gallery": {"itemSize": {"width": 10, "height": 10}}, "masonry": {"columns": 3}"#,
         "collection", "/container/masonry", "unknown-key"),
    ])
    func badLayoutKeysAreProblemsWithTheirPath(keys: String, type: String, path: String, problem: String) throws {
        let body = #"{"container": {"type": "\#(type)", "bounds": {"width": 300, "height": 100}, \#(keys)}, "items": [\#(box("a", height: 10))]}"#
        let response = makeEngine().respond(body: Array(body.utf8))
        #expect(response.status == 422)
        let json = try JSONValue.parse(response.body)
        #expect(json["type"]?.string == "https://weft.dev/problems/" + problem)
        #expect(json["path"]?.string == path)
    }
}
