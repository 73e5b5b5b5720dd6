import Synchronization
import Testing
import WeftCells
import WeftLayout

@testable import WeftService

/// Counts the texts it is asked to measure; every text is 10 x 10.
private final class CountingMeasurer: TextMeasuring {
    let calls = Atomic<Int>(0)

    func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement {
        calls.add(1, ordering: .relaxed)
        return TextMeasurement(size: Size(width: 10, height: 10), lineCount: 1, truncated: false, firstBaseline: 8, lastBaseline: 8)
    }
}

/// The work of laying out containers nested in containers grows with the
/// tree, not with the number of ways down it: a pager whose height follows
/// its pages measures them twice, and a table in those pages lays its cells
/// out at the same sizes both times.
@Suite struct NestedLayoutWorkTests {
    /// `depth` containers, alternately a table and a pager, each holding
    /// one cell with the next; a text at the bottom.
    private func chain(_ depth: Int) -> String {
        var node = #"{"type": "text", "text": "deep"}"#
        for level in 0..<depth {
            let type = level % 2 == 0 ? "table" : "pager"
            node = #"{"type": "container", "container": {"type": "\#(type)"}, "items": [{"id": "c\#(level)", "node": \#(node)}]}"#
        }
        return node
    }

    /// How often the bottom text is measured, through the node endpoint and
    /// as a table row with the cell cache off.
    private func textsMeasured(depth: Int) -> (node: Int, container: Int) {
        let node = CountingMeasurer()
        let nodeAnswer = LayoutNodeEndpoint.respond(
            body: Array(#"{"sizeRange": {"max": {"width": 375, "height": 667}}, "root": \#(chain(depth))}"#.utf8),
            flatten: false, textMeasurer: node)
        #expect(nodeAnswer.status == 200)
        let container = CountingMeasurer()
        let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: container)
        let body = #"{"container": {"type": "table", "bounds": {"width": 375, "height": 667}}, "items": [{"id": "row", "node": \#(chain(depth))}]}"#
        #expect(engine.respond(body: Array(body.utf8)).status == 200)
        return (node.calls.load(ordering: .relaxed), container.calls.load(ordering: .relaxed))
    }

    @Test func aChainOfTablesAndPagersMeasuresItsBottomTextAsOftenAtAnyDepth() {
        let shallow = textsMeasured(depth: 8)
        let deep = textsMeasured(depth: 20)
        #expect(shallow.node > 0 && shallow.container > 0)
        // Doubling at each pager, the deep chain would measure it 2^6 times as often.
        #expect(deep.node <= shallow.node * 2, "\(shallow) -> \(deep)")
        #expect(deep.container <= shallow.container * 2, "\(shallow) -> \(deep)")
    }
}
