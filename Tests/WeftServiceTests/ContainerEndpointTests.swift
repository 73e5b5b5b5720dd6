import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

@Suite struct ContainerEndpointTests {
    @Test func tableEndToEnd() throws {
        let body = #"""
            {"container": {"type": "table", "bounds": {"width": 320, "height": 100}, "contentOffset": {"x": 0, "y": 0}},
             "pointScale": 2,
             "sections": [{"id": "feed", "items": [
               {"id": "a", "node": {"type": "stack", "children": [{"type": "box", "id": "in", "style": {"height": 60}}]},
                "accessoryType": "disclosureIndicator"},
               {"id": "ad", "kind": "interop", "size": {"width": 320, "height": 120}}]}]}
            """#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        let items = try #require(json["sections"]?[0]?["items"])
        #expect(json["sections"]?[0]?["id"]?.string == "feed")
        let first = try #require(items[0])
        #expect(first["id"]?.string == "a")
        #expect(first["index"]?[0]?.number == 0 && first["index"]?[1]?.number == 0)
        #expect(first["kind"]?.string == "node")
        // 60 points of node plus one pixel (0.5 pt at scale 2) of separator.
        #expect(first["frame"]?["height"]?.number == 60.5)
        #expect(first["layout"]?["type"]?.string == "stack")
        #expect(first["layout"]?["children"]?[0]?["id"]?.string == "in")
        #expect(first["table"]?["accessoryFrame"] != nil)
        #expect(first["table"]?["separatorFrame"] != nil)
        let second = try #require(items[1])
        #expect(second["kind"]?.string == "interop")
        #expect(second["layout"] == nil)
        #expect(second["frame"]?["y"]?.number == 60.5)
        #expect(json["contentSize"]?["height"]?.number == 60.5 + 120.5)
        #expect(json["hints"]?["ranges"]?["visible"]?[0]?[1]?.number == 0)
        #expect(json["hints"]?["batchFetch"]?["shouldFetch"] != nil)
        #expect(json["hints"]?["pages"]?[0]?["index"]?.number == 0)
        #expect(json["hints"]?["pager"] == nil)
        #expect(json["stats"]?["cells"]?.number == 2)
        #expect(json["warnings"]?[0] == nil)
    }

    @Test func collectionEndToEnd() throws {
        let body = #"""
            {"container": {"type": "collection", "bounds": {"width": 300, "height": 200},
               "flow": {"itemSpacing": 10, "lineSpacing": 10}},
             "sections": [{"header": {"id": "c1", "node": {"type": "box", "style": {"height": 30}}},
               "items": [
                 {"id": "c2", "node": {"type": "box", "style": {"width": 100, "height": 50}}},
                 {"id": "c3", "node": {"type": "box", "style": {"width": 100, "height": 50}}},
                 {"id": "c4", "node": {"type": "box", "style": {"width": 100, "height": 50}}}]}]}
            """#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        let section = try #require(json["sections"]?[0])
        #expect(section["header"]?["frame"]?["height"]?.number == 30)
        #expect(section["header"]?["frame"]?["width"]?.number == 300)
        // Two items fit on the first line (100 + 10 + 100 <= 300), the third wraps.
        #expect(section["items"]?[0]?["frame"]?["y"]?.number == 30)
        #expect(section["items"]?[2]?["frame"]?["y"]?.number == 90)
        #expect(section["items"]?[0]?["table"] == nil)
        #expect(json["contentSize"]?["height"]?.number == 140)
    }

    @Test func pagerEndToEnd() throws {
        let body = #"""
            {"container": {"type": "pager", "bounds": {"width": 300, "height": 200},
               "contentOffset": {"x": 300, "y": 0}},
             "items": [{"id": "c5", "node": {"type": "box"}}, {"id": "c6", "node": {"type": "box"}}, {"id": "c7", "node": {"type": "box"}}]}
            """#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        let items = try #require(json["sections"]?[0]?["items"])
        #expect(items[1]?["frame"]?["x"]?.number == 300)
        #expect(items[1]?["frame"]?["width"]?.number == 300)
        #expect(items[1]?["layout"]?["frame"]?["height"]?.number == 200)
        let pager = try #require(json["hints"]?["pager"])
        #expect(pager["pageCount"]?.number == 3)
        #expect(pager["currentPage"]?.number == 1)
        #expect(pager["previousPage"]?.number == 0)
        #expect(pager["nextPage"]?.number == 2)
    }

    @Test(arguments: [
        (#"{"container": {"type": "table", "bounds": {"width": 0, "height": 100}}, "items": []}"#, "/container/bounds", "invalid-value"),
        (#"{"container": {"type": "table", "bounds": {"width": -5, "height": 100}}, "items": []}"#, "/container/bounds/width", "invalid-value"),
        (#"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "items": [{"id": "x"}]}"#, "/items/0", "missing-field"),
        (#"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "sections": [{}, {"items": [{"id": "c8", "kind": "interop"}]}]}"#, "/sections/1/items/0", "missing-field"),
        (#"{"container": {"type": "pager", "bounds": {"width": 300, "height": 100}, "currentPage": 2}, "items": [{"id": "c9", "node": {"type": "box"}}]}"#, "/container/currentPage", "invalid-value"),
        (#"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "items": [{"id": "c10", "node": {"type": "box", "bogus": 1}}]}"#, "/items/0/node/bogus", "unknown-key"),
        (#"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "sections": [{"items": [{"id": "c11", "node": {"type": "stack", "children": [{"type": "box", "style": {"width": "wide"}}]}}]}]}"#, "/sections/0/items/0/node/children/0/style/width", "unknown-token"),
        (#"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "items": [{"id": "c12", "node": {"type": "stack", "children": [{"type": "box", "id": "a"}, {"type": "box", "id": "a"}]}}]}"#, "/items/0/node/children/1/id", "duplicate-id"),
    ])
    func badContainersAreProblems(body: String, path: String, type: String) throws {
        let response = makeEngine().respond(body: Array(body.utf8))
        #expect(response.status == 422)
        #expect(response.contentType == "application/problem+json")
        let json = try JSONValue.parse(response.body)
        #expect(json["type"]?.string == "https://weft.dev/problems/" + type)
        #expect(json["path"]?.string == path)
    }

    @Test func aMillionItemsAreRefusedWithThePathOfTheArray() throws {
        let items = Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
        let body = #"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "sections": [{"items": ["# + items + "]}]}"
        let response = makeEngine().respond(body: Array(body.utf8))
        #expect(response.status == 422)
        let json = try JSONValue.parse(response.body)
        #expect(json["type"]?.string == "https://weft.dev/problems/limit-exceeded")
        #expect(json["path"]?.string == "/sections/0/items")
    }

    @Test func idsAreUniquePerCellNotPerRequest() throws {
        let body = #"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "items": [{"id": "c13", "node": {"type": "box", "id": "a"}}, {"id": "c14", "node": {"type": "box", "id": "a"}}]}"#
        #expect(try respond(makeEngine(), body).status == 200)
    }

    @Test func viewCellsWithoutASizeAreWarnedAboutOnce() throws {
        let body = #"{"container": {"type": "table", "bounds": {"width": 300, "height": 100}}, "items": [{"id": "v", "node": {"type": "view"}}]}"#
        let engine = makeEngine(cacheMB: 1)
        let cold = try respond(engine, body)
        let warm = try respond(engine, body)
        #expect(cold.body["warnings"]?[0]?["path"]?.string == "/items/0")
        #expect(cold.body["warnings"]?[1] == nil)
        #expect(withoutStats(cold.bytes) == withoutStats(warm.bytes))
        #expect(warm.body["stats"]?["cacheHits"]?.number == 1)
    }
}
