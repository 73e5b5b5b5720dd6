import Testing
import WeftCells
import WeftLayout
import WeftService

/// Found by CellEnginePropertyTests (random trees in table cells): a table
/// cell's range is Texture's, max height CGFLOAT_MAX, and the flex layout took
/// that for a definite owner height, so a growing item in a column became
/// infinitely tall and the items after it sat at y = inf or NaN.
@Suite struct FlexInTableCellRegressionTests {
    private func cellLayout(_ json: String) throws -> LayoutNode? {
        let root = try NodeRequest.decode(Array(#"{"root":\#(json)}"#.utf8)).root
        let container = Container(type: .table, bounds: Size(width: 375, height: 667))
        let result = ContainerLayout.layout(ContainerRequest(container: container, items: [Cell.node("c", root)]), context: LayoutContext())
        return result.sections[0].items[0].layout
    }

    private func frames(_ node: LayoutNode) -> [Frame] {
        [node.frame] + node.children.flatMap(frames)
    }

    @Test func aGrowingItemInAColumnStaysFinite() throws {
        let layout = try #require(try cellLayout(#"""
            {"type":"stack","children":[{"type":"flex","style":{"width":44,"flexDirection":"column","padding":4},"children":[
              {"type":"view","style":{"preferredSize":{"width":44,"height":228}}},
              {"type":"box","style":{"width":10,"flexGrow":2}},
              {"type":"box"}]}]}
            """#))
        for frame in frames(layout) {
            #expect(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite, "\(frame)")
        }
        // Sized by its content, as in an undefined owner height: 4 + 228 + 0 + 0 + 4.
        #expect(layout.children[0].frame.height == 236)
    }

    @Test func aFlexRootCellIsSizedByItsContent() throws {
        let layout = try #require(try cellLayout(
            #"{"type":"flex","style":{"flexDirection":"column"},"children":[{"type":"box","style":{"height":10,"flexGrow":1}}]}"#))
        #expect(layout.frame.height == 10)
        #expect(layout.children[0].frame.height == 10)
    }
}
