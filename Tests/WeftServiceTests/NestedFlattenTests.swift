import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// `?flatten=1` lists the elements of a nested container's cells too, in
/// the root's coordinates: a content point shows at the container element's
/// origin plus that point, less the container's `contentOffset`.
@Suite struct NestedFlattenTests {
    /// A 20-point title, then a horizontal strip (spacing 10, scrolled 15
    /// points) of two cards, each a box with an id inside an inset of 2.
    static let body = #"""
        {"sizeRange":{"max":{"width":300}},"root":{"type":"stack","direction":"vertical","children":[
          {"type":"box","id":"title","style":{"height":20}},
          {"type":"container","id":"strip","container":{"type":"collection","scrollDirection":"horizontal",
             "flow":{"itemSpacing":10},"contentOffset":{"x":15,"y":0}},
           "items":[
             {"id":"c0","node":{"type":"inset","insets":{"top":2,"left":2,"bottom":2,"right":2},"child":{"type":"box","id":"face-0","style":{"width":40,"height":30}}}},
             {"id":"c1","node":{"type":"inset","insets":{"top":2,"left":2,"bottom":2,"right":2},"child":{"type":"box","id":"face-1","style":{"width":60,"height":30}}}}]}]}}
        """#

    private func nodes(_ json: JSONValue) throws -> [(String, [Double])] {
        guard case .array(let list)? = json["nodes"] else { return [] }
        return try list.map { n in
            guard case .string(let id)? = n["id"] else { throw Failure() }
            return (id, try ["x", "y", "width", "height"].map { try #require(n["frame"]?[$0]?.number) })
        }
    }

    struct Failure: Error {}

    @Test func theCellsElementsFollowTheContainerAtTheirScrolledPlace() throws {
        let response = LayoutNodeEndpoint.respond(body: Array(Self.body.utf8), flatten: true, textMeasurer: nil)
        #expect(response.status == 200)
        let listed = try nodes(try JSONValue.parse(response.body))
        #expect(listed.map(\.0) == ["title", "strip", "face-0", "face-1"])
        // The strip sits at y 20. Card 0 is at content x 0, card 1 at 44 + 10;
        // the offset of 15 moves both left, and each face is 2 points in:
        // x 0 - 15 + 2 and 54 - 15 + 2, y 20 + 2.
        let face0: [Double] = [-13, 22, 40, 30]
        let face1: [Double] = [41, 22, 60, 30]
        #expect(listed[2].1 == face0)
        #expect(listed[3].1 == face1)
    }

    /// The unflattened answer is the same with or without `?flatten=1`:
    /// keeping the trees for the list changes nothing else.
    @Test func flatteningAddsTheListAndChangesNothingElse() throws {
        let flat = try JSONValue.parse(
            LayoutNodeEndpoint.respond(body: Array(Self.body.utf8), flatten: true, textMeasurer: nil).body)
        let plain = try JSONValue.parse(
            LayoutNodeEndpoint.respond(body: Array(Self.body.utf8), flatten: false, textMeasurer: nil).body)
        #expect(flat["layout"] == plain["layout"])
        #expect(flat["size"] == plain["size"])
        #expect(plain["nodes"] == nil)
    }
}
