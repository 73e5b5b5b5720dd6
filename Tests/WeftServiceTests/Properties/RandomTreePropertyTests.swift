import Testing
import WeftJSON
import WeftLayout
import WeftService
import WeftText

/// Properties of single-tree layout over seeded random valid trees
/// (Support/RandomTrees.swift; the layout fuzz target explores the same space).
/// Bounded: a fixed number of seeds, each a tree of at most 5 levels.
@Suite struct RandomTreePropertyTests {
    static let seeds: [UInt64] = Array(1...300)

    private func decode(_ body: String) throws -> NodeRequest {
        try NodeRequest.decode(Array(body.utf8))
    }

    private func layout(_ request: NodeRequest) -> LayoutNode {
        let context = LayoutContext(
            pointScale: request.pointScale, direction: request.direction, textMeasurer: WeftTextMeasurer.shared)
        return LayoutEngine.layout(request.root, in: request.sizeRange, context: context)
    }

    @Test func everyGeneratedTreeIsValid() throws {
        for seed in Self.seeds {
            var trees = RandomTrees(TreeEntropy(seed: seed))
            let body = trees.request()
            #expect(throws: Never.self, "seed \(seed): \(body)") { try decode(body) }
        }
    }

    /// The root's size lies in the size range; frames are finite and not
    /// negative; the output mirrors the input tree.
    @Test func layoutsKeepTheirInvariants() throws {
        for seed in Self.seeds {
            var trees = RandomTrees(TreeEntropy(seed: seed))
            let body = trees.request()
            let request = try decode(body)
            let problems = LayoutInvariants.violations(of: layout(request), for: request)
            #expect(problems.isEmpty, "seed \(seed): \(problems) for \(body)")
        }
    }

    /// Parsing the request into a JSON tree and writing it back with every
    /// object's keys reversed gives the same layout: nothing depends on key
    /// order or on how numbers and strings were spelled.
    @Test func aJSONRoundTripLaysOutTheSame() throws {
        for seed in Self.seeds {
            var trees = RandomTrees(TreeEntropy(seed: seed))
            let body = trees.request()
            let original = try decode(body)
            let rewritten = LayoutInvariants.reversingKeys(try JSONValue.parse(Array(body.utf8))).bytes
            #expect(rewritten != Array(body.utf8) || !body.contains(","), "seed \(seed): the round trip changed nothing")
            let again = try NodeRequest.decode(rewritten)
            #expect(layout(again) == layout(original), "seed \(seed): \(body)")
        }
    }

    /// The property checks can fail: a size outside the range is reported.
    @Test func theInvariantCheckCatchesASizeOutsideTheRange() throws {
        let request = try decode(#"{"sizeRange":{"min":{"width":100,"height":0},"max":{"width":100,"height":50}},"root":{"type":"box"}}"#)
        var node = layout(request)
        #expect(LayoutInvariants.violations(of: node, for: request).isEmpty)
        node.frame.width = 101
        #expect(!LayoutInvariants.violations(of: node, for: request).isEmpty)
    }
}
