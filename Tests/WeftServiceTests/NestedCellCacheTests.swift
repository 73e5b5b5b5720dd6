import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// The cells of nested containers are cached like any cell: a card laid out
/// in one row is found again in another row, or in a later request, by its
/// content and range, and answers exactly as when it was laid out.
@Suite struct NestedCellCacheTests {
    static let a = #"{"id":"a","node":\#(NestedRefsTests.cardA)}"#
    static let b = #"{"id":"b","node":\#(NestedRefsTests.cardB)}"#
    static let c = #"{"id":"c","node":{"type":"box","style":{"width":40,"height":30}}}"#

    static func layouts(_ json: JSONValue, row: Int) -> [JSONValue?] {
        NestedRefsTests.nestedItems(json, row: row).map { $0["layout"] }
    }

    @Test func aNestedCellLaidOutOnceIsFoundByTheNextRowThatHoldsIt() throws {
        let engine = makeEngine(cacheMB: 8)
        let first = try respond(engine, NestedRefsTests.body(rows: [[Self.a, Self.b]]))
        #expect(first.status == 200)
        let before = engine.cacheStatistics
        // Another row (it misses), holding the same two cards and a new one.
        let second = try respond(engine, NestedRefsTests.body(rows: [[Self.a, Self.b, Self.c]]))
        #expect(second.status == 200)
        #expect(engine.cacheStatistics.hits - before.hits == 2)
        #expect(Array(Self.layouts(second.body, row: 0).prefix(2)) == Self.layouts(first.body, row: 0))
        // Without a cache, the same answer.
        let uncached = try respond(makeEngine(), NestedRefsTests.body(rows: [[Self.a, Self.b, Self.c]]))
        #expect(uncached.body["sections"] == second.body["sections"])
    }

    @Test func rowsOfOneRequestShareTheirCards() throws {
        let engine = makeEngine(cacheMB: 8)
        let rows = [[Self.a, Self.b], [Self.b, Self.a, Self.c], [Self.c]]
        let cached = try respond(engine, NestedRefsTests.body(rows: rows))
        // Laid out once each (a, b, c), found for the later rows' b, a and c.
        #expect(engine.cacheStatistics.hits == 3)
        let uncached = try respond(makeEngine(), NestedRefsTests.body(rows: rows))
        #expect(uncached.body["sections"] == cached.body["sections"])
    }

    @Test func aCellInAnotherRangeIsLaidOutAgain() throws {
        let engine = makeEngine(cacheMB: 8)
        _ = try respond(engine, NestedRefsTests.body(rows: [[Self.a]]))
        let before = engine.cacheStatistics
        // A vertical collection gives its items the container's width: another range.
        let vertical = #"{"container":{"type":"table","bounds":{"width":320,"height":400}},"items":[{"id":"row","node":{"type":"container","container":{"type":"collection"},"items":[\#(Self.a)]}}]}"#
        let answer = try respond(engine, vertical)
        #expect(answer.status == 200)
        #expect(engine.cacheStatistics.hits == before.hits)
    }
}
