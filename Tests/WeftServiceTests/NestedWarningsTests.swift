import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// A nested container's own warnings (its placement's, its hints') reach the
/// request's `warnings`, with a JSON Pointer through the tree to the value
/// they are about, on both endpoints, whether its cells came from the cache
/// or not, at any depth.
@Suite struct NestedWarningsTests {
    /// A vertical gallery 290 points wide whose items are 400 across: the
    /// gallery warns at its `itemSize`.
    static let wideGallery =
        #"{"type":"container","container":{"type":"collection","layout":"gallery","gallery":{"itemSize":{"width":400,"height":50}},"bounds":{"width":290,"height":60}},"#
        + #""items":[{"id":"g1","node":{"type":"box"}},{"id":"g2","node":{"type":"box"}}]}"#

    /// The gallery under an inset, under a stack's second child.
    static let tree =
        #"{"type":"stack","children":[{"type":"box","style":{"height":20}},{"type":"inset","insets":{"top":5},"child":\#(wideGallery)}]}"#

    static let itemSizeDetail = "items are 400.0 points across, more than the 290.0 a line offers"

    private func warnings(_ json: JSONValue) -> [(String, String)] {
        guard case .array(let list)? = json["warnings"] else { return [] }
        return list.compactMap { w in
            guard case .string(let path)? = w["path"], case .string(let detail)? = w["detail"] else { return nil }
            return (path, detail)
        }
    }

    /// A view without a size is warned about below a cell's root as a node
    /// request warns about it: in a row's tree, in a nested card's tree, with
    /// the cache on or off; a view that is the cell itself is a view cell.
    @Test func viewsWithoutASizeAreWarnedAboutInCellsTrees() throws {
        let card = #"{"id":"k","node":{"type":"stack","children":[{"type":"view"}]}}"#
        let body = #"{"container":{"type":"table","bounds":{"width":320,"height":400}},"items":["#
            + #"{"id":"a","node":{"type":"stack","children":[{"type":"view","id":"v"},{"type":"view","style":{"width":4,"height":4}}]}},"#
            + #"{"id":"c","node":{"type":"container","container":{"type":"collection","scrollDirection":"horizontal"},"items":[\#(card)]}}]}"#
        let expected = ["/items/0/node/children/0", "/items/1/node/items/0/node/children/0"]
        for engine in [makeEngine(), makeEngine(workers: 2, cacheMB: 8)] {
            for _ in 0..<2 {
                let found = warnings(try respond(engine, body).body)
                #expect(found.map(\.0) == expected)
                #expect(found.allSatisfy { $0.1.contains("preferredSize") })
            }
        }
    }

    @Test func aNodeAnswerWarnsAtTheNestedValue() throws {
        let body = #"{"sizeRange":{"max":{"width":300}},"root":\#(Self.tree)}"#
        let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, textMeasurer: nil)
        #expect(response.status == 200)
        let found = warnings(try JSONValue.parse(response.body))
        #expect(found.map(\.0) == ["/root/children/1/child/container/gallery/itemSize"])
        #expect(found.map(\.1) == [Self.itemSizeDetail])
    }

    @Test(arguments: [0, 8])
    func aRowWarnsAtItsNestedValueWhetherOrNotItWasCached(cacheMB: Int) throws {
        let body = #"{"container":{"type":"table","bounds":{"width":300,"height":600}},"items":["#
            + #"{"id":"plain","node":{"type":"box","style":{"height":10}}},{"id":"row","node":\#(Self.tree)}]}"#
        let engine = makeEngine(cacheMB: cacheMB)
        let expected = ["/items/1/node/children/1/child/container/gallery/itemSize"]
        for _ in 0..<2 {
            let answer = try respond(engine, body)
            #expect(answer.status == 200)
            #expect(warnings(answer.body).map(\.0) == expected)
        }
    }

    /// The gallery inside a card of a strip inside a row: the card's warning
    /// travels with the card, through the cache as well.
    @Test(arguments: [0, 8])
    func aWarningTwoContainersDownKeepsItsWholePath(cacheMB: Int) throws {
        let strip = #"{"type":"container","container":{"type":"collection","scrollDirection":"horizontal"},"#
            + #""items":[{"id":"plain","node":{"type":"box","style":{"width":20,"height":20}}},{"id":"card","style":{"width":300},"node":\#(Self.tree)}]}"#
        let body = #"{"container":{"type":"table","bounds":{"width":320,"height":600}},"items":[{"id":"row","node":\#(strip)}]}"#
        let engine = makeEngine(cacheMB: cacheMB)
        for _ in 0..<2 {
            let answer = try respond(engine, body)
            #expect(answer.status == 200)
            #expect(warnings(answer.body).map(\.0) == ["/items/0/node/items/1/node/children/1/child/container/gallery/itemSize"])
        }
    }

    @Test func aNestedContainerWithoutAnythingToSayAddsNoWarning() throws {
        let fitting = Self.tree.replacingOccurrences(of: #""width":400"#, with: #""width":100"#)
        let body = #"{"sizeRange":{"max":{"width":300}},"root":\#(fitting)}"#
        let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, textMeasurer: nil)
        #expect(response.status == 200)
        #expect(warnings(try JSONValue.parse(response.body)).isEmpty)
    }
}
