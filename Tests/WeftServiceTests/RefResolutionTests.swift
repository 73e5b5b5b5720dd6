import Testing
import WeftJSON

@testable import WeftService

/// Cells sent as refs, again and again: the first ref to a key reads its
/// stored content, later ones take what that read gave. Every time the
/// answer is the one the cells sent with their content get.
@Suite struct RefResolutionTests {
    /// The request of `feedBody` with every item sent as `{id, ref}` (keys from
    /// `answer`), its bounds `width` wide.
    private func refsBody(_ answer: JSONValue, cells: Int, width: Int = 375, shape: String = "full") -> String {
        let items = (0..<cells).map { i -> String in
            guard case .string(let key)? = answer["sections"]?[0]?["items"]?[i]?["key"] else { return "{}" }
            return #"{"id":"post-\#(i)","ref":"\#(key)"}"#
        }
        return #"{"container":{"type":"table","bounds":{"width":\#(width),"height":667},"contentOffset":{"x":0,"y":0}},"pointScale":2,"answer":"\#(shape)","items":["#
            + items.joined(separator: ",") + "]}"
    }

    private func narrowed(_ body: String) -> String {
        body.replacing(#""bounds":{"width":375"#, with: #""bounds":{"width":320"#)
    }

    @Test(arguments: [1, 2])
    func repeatedRefsGiveTheAnswerOfTheFullCells(workers: Int) throws {
        let cells = 48
        let engine = makeEngine(workers: workers, cacheMB: 4)
        let full = try respond(engine, feedBody(cells: cells))
        #expect(full.status == 200)
        for round in 0..<3 {
            let again = try respond(engine, refsBody(full.body, cells: cells))
            #expect(again.status == 200, "round \(round)")
            #expect(withoutStats(again.bytes) == withoutStats(full.bytes), "round \(round)")
        }
    }

    /// The remembered read holds where the content's parts sit, never a
    /// layout: at another width a ref is laid out afresh, as its full cell is.
    @Test func repeatedRefsAtAnotherWidthAreLaidOutAfresh() throws {
        let cells = 24
        let engine = makeEngine(cacheMB: 4)
        let full = try respond(engine, feedBody(cells: cells))
        let reference = try respond(makeEngine(cacheMB: 4), narrowed(feedBody(cells: cells)))
        #expect(withoutStats(reference.bytes) != withoutStats(full.bytes), "the narrower table lays out differently")
        for round in 0..<2 {
            let narrow = try respond(engine, refsBody(full.body, cells: cells, width: 320))
            #expect(narrow.status == 200, "round \(round)")
            #expect(withoutStats(narrow.bytes) == withoutStats(reference.bytes), "round \(round)")
        }
        let wide = try respond(engine, refsBody(full.body, cells: cells))
        #expect(withoutStats(wide.bytes) == withoutStats(full.bytes))
    }

    /// The hints of a refs-only step are those of the full request at that offset.
    @Test func hintsOfRefsAreTheHintsOfTheFullCells() throws {
        let cells = 30
        let engine = makeEngine(cacheMB: 4)
        let full = try respond(engine, feedBody(cells: cells))
        for _ in 0..<2 {
            let hints = try respond(engine, refsBody(full.body, cells: cells, shape: "hints"))
            #expect(hints.status == 200)
            #expect(hints.body["sections"] == nil)
            #expect(hints.body["hints"] == full.body["hints"])
            #expect(hints.body["contentSize"] == full.body["contentSize"])
        }
    }
}
