import Testing
import WeftCells
import WeftLayout

@testable import WeftService

/// A scroll step (`answer: "hints"`, the same cells, another offset) is
/// answered from the placement of the step before (`PlacementMemo`), and the
/// answer is the one the full path gives.
@Suite struct ScrollStepTests {
    static func items(_ count: Int) -> String {
        (0..<count).map { i in
            #"{"id":"p\#(i)","node":{"type":"stack","children":[{"type":"box","style":{"height":\#(20 + (i * 13) % 50)}}]}}"#
        }.joined(separator: ",")
    }

    static func step(_ offset: Double, container extra: String = "", answerFirst: Bool = true, width: Double = 320) -> String {
        let container = #""container":{"type":"table","bounds":{"width":\#(width),"height":300},"contentOffset":{"x":0,"y":\#(offset)},"scrolling":"down"\#(extra)}"#
        let cells = #""sections":[{"header":{"id":"h0","node":{"type":"box","style":{"height":24}}},"items":[\#(items(120))]},{"header":{"id":"h1","kind":"interop","size":{"width":10,"height":24}},"items":[]}]"#
        return answerFirst
            ? #"{"answer":"hints",\#(container),\#(cells)}"#
            : #"{\#(container),\#(cells),"answer":"hints"}"#
    }

    @Test(arguments: [0.0, 480, 2_000, 4_500])
    func aStepFromThePlacementIsTheFullPathsAnswer(offset: Double) throws {
        let engine = makeEngine(workers: 2, cacheMB: 16)
        let extra = #","pinHeaders":true,"leadingScreensForBatching":1"#
        _ = try respond(engine, Self.step(0, container: extra))
        let hitsBefore = engine.placements.hits
        let scrolled = try respond(engine, Self.step(offset, container: extra))
        #expect(engine.placements.hits == hitsBefore + 1)
        let reference = try respond(makeEngine(cacheMB: 16), Self.step(offset, container: extra))
        #expect(scrolled.status == 200)
        #expect(withoutStats(scrolled.bytes) == withoutStats(reference.bytes))
        #expect(scrolled.body["sections"] == nil)
    }

    @Test func whatPlacesTheCellsIsNotTakenFromAnotherStep() throws {
        let engine = makeEngine(cacheMB: 16)
        _ = try respond(engine, Self.step(0))
        let hits = engine.placements.hits
        // Another width, another inset: placed afresh.
        let wider = try respond(engine, Self.step(100, width: 400))
        let inset = try respond(engine, Self.step(100, container: #","contentInset":{"left":20}"#))
        #expect(engine.placements.hits == hits)
        #expect(withoutStats(wider.bytes) == withoutStats(try respond(makeEngine(), Self.step(100, width: 400)).bytes))
        #expect(withoutStats(inset.bytes) == withoutStats(try respond(makeEngine(), Self.step(100, container: #","contentInset":{"left":20}"#)).bytes))
    }

    @Test func aStepThatNamesItsAnswerAfterItsCellsTakesTheFullPath() throws {
        let engine = makeEngine(cacheMB: 16)
        _ = try respond(engine, Self.step(0, answerFirst: false))
        let again = try respond(engine, Self.step(300, answerFirst: false))
        #expect(engine.placements.hits == 0)
        #expect(withoutStats(again.bytes) == withoutStats(try respond(makeEngine(), Self.step(300, answerFirst: false)).bytes))
    }

    @Test func aBadContainerInAStepIsStillRefused() throws {
        let engine = makeEngine(cacheMB: 16)
        _ = try respond(engine, Self.step(0))
        let bad = try respond(engine, Self.step(.nan).replacing(#""y":nan"#, with: #""y":"down""#))
        #expect(bad.status == 422)
        #expect(bad.body["path"]?.string == "/container/contentOffset/y")
    }
}
