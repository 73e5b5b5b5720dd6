import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

@Suite struct ContainerEngineTests {
    @Test func sameBytesAtAnyWorkerCountAndWithTheCacheOnOrOff() throws {
        let body = feedBody(cells: 300, offsetY: 900)
        let reference = makeEngine(workers: 1, cacheMB: 0).respond(body: Array(body.utf8))
        #expect(reference.status == 200)
        for workers in [2, 3, 4] {
            let other = makeEngine(workers: workers, cacheMB: 0).respond(body: Array(body.utf8))
            #expect(other.body == reference.body, "workers: \(workers)")
        }
        let cached = makeEngine(workers: 2, cacheMB: 8)
        let cold = cached.respond(body: Array(body.utf8))
        let warm = cached.respond(body: Array(body.utf8))
        #expect(withoutStats(cold.body) == withoutStats(reference.body))
        #expect(withoutStats(warm.body) == withoutStats(reference.body))
    }

    @Test func statsCountHitsAndMisses() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8)
        let cold = try respond(engine, feedBody(cells: 50))
        #expect(cold.body["stats"]?["cells"]?.number == 50)
        #expect(cold.body["stats"]?["cacheHits"]?.number == 0)
        #expect(cold.body["stats"]?["cacheMisses"]?.number == 50)
        let changed = try respond(engine, feedBody(cells: 50, changedCell: 7))
        #expect(changed.body["stats"]?["cacheHits"]?.number == 49)
        #expect(changed.body["stats"]?["cacheMisses"]?.number == 1)
        // The changed cell is laid out anew: its body is half a point taller.
        let before = cold.body["sections"]?[0]?["items"]?[7]?["frame"]?["height"]?.number
        let after = changed.body["sections"]?[0]?["items"]?[7]?["frame"]?["height"]?.number
        #expect(before.map { $0 + 0.5 } == after)
        #expect(engine.cacheStatistics.hits == 49)
        #expect(engine.cacheStatistics.misses == 51)
        #expect(engine.cacheStatistics.storedBytes > 0)
    }

    @Test func theCacheKeyIncludesTheRangeAndTheCellStyle() throws {
        let engine = makeEngine(cacheMB: 8)
        let narrow = #"{"container":{"type":"table","bounds":{"width":200,"height":100}},"items":[{"id": "c1", "node":{"type":"box","style":{"width":"50%","height":10}}}]}"#
        let wide = narrow.replacingWidth(200, with: 300)
        let styled = #"{"container":{"type":"table","bounds":{"width":200,"height":100}},"items":[{"id": "c2", "node":{"type":"box","style":{"width":"50%","height":10}},"style":{"height":30}}]}"#
        let a = try respond(engine, narrow)
        let b = try respond(engine, wide)
        let c = try respond(engine, styled)
        #expect(a.body["sections"]?[0]?["items"]?[0]?["layout"]?["frame"]?["width"]?.number == 200)
        #expect(b.body["sections"]?[0]?["items"]?[0]?["layout"]?["frame"]?["width"]?.number == 300)
        #expect(b.body["stats"]?["cacheHits"]?.number == 0)
        #expect(c.body["stats"]?["cacheHits"]?.number == 0)
        #expect(try respond(engine, narrow).body["stats"]?["cacheHits"]?.number == 1)
    }

    @Test func aZeroSizedCacheStoresNothing() throws {
        let engine = makeEngine(cacheMB: 0)
        _ = try respond(engine, feedBody(cells: 5))
        let again = try respond(engine, feedBody(cells: 5))
        #expect(again.body["stats"]?["cacheHits"]?.number == 0)
        #expect(engine.cacheStatistics.storedBytes == 0)
    }

    @Test func aCancelledRequestDropsItsCells() throws {
        let engine = makeEngine(workers: 2)
        let flag = CancellationFlag()
        flag.cancel()
        let response = engine.respond(body: Array(feedBody(cells: 200).utf8), cancellation: flag)
        #expect(response.status == 408)
    }

    @Test func aBadTreeFoundOnThePoolIsA422WithItsPath() throws {
        var body = feedBody(cells: 40)
        body = body.replacingFirst(#"{"id":"post-33","node":{"type":"inset""#, with: #"{"id":"post-33","node":{"type":"inset","x":1"#)
        for workers in [1, 3] {
            let response = makeEngine(workers: workers).respond(body: Array(body.utf8))
            #expect(response.status == 422)
            let json = try JSONValue.parse(response.body)
            #expect(json["path"]?.string == "/items/33/node/x")
        }
    }

    @Test func theElementLimitCountsEveryCell() throws {
        let engine = ContainerEngine(
            workers: 2, cacheBytes: 1 << 20, textMeasurer: nil, limits: DecodeLimits(maxElements: 25))
        // Ten elements a cell: the third cell passes 25.
        for _ in 0..<2 {
            let response = engine.respond(body: Array(feedBody(cells: 4).utf8))
            #expect(response.status == 422)
            let json = try JSONValue.parse(response.body)
            #expect(json["type"]?.string == "https://weft.dev/problems/limit-exceeded")
            #expect(json["path"]?.string == "/items/2/node")
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }

    func replacingWidth(_ old: Int, with new: Int) -> String {
        replacingFirst(#""width":\#(old)"#, with: #""width":\#(new)"#)
    }
}

@Suite struct RawCellMemoTests {
    @Test func rememberedCellsLandWhereverTheyNowSit() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8)
        _ = engine.respond(body: Array(feedBody(cells: 20).utf8))
        // The same cells behind a new one: every remembered node range moves.
        let shifted = feedBody(cells: 20).replacingFirst(#""items":["#, with: #""items":[{"id":"new","kind":"interop","size":{"width":1,"height":33}},"#)
        let warm = engine.respond(body: Array(shifted.utf8))
        let reference = makeEngine().respond(body: Array(shifted.utf8))
        #expect(warm.status == 200)
        #expect(withoutStats(warm.body) == withoutStats(reference.body))
        let stats = try JSONValue.parse(warm.body)["stats"]
        #expect(stats?["cacheHits"]?.number == 20)
        #expect(engine.memo.cache.hits >= 20)
    }

    /// The memo first looks each item up at the length the item in its place
    /// had last time; a guess that misses (same length, other bytes; another
    /// length) is scanned for, and every answer equals a cold one.
    @Test func guessedItemEndsNeverChangeTheAnswer() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8)
        let original = feedBody(cells: 30)
        _ = engine.respond(body: Array(original.utf8))
        // Item 5's body height 40 + 37*5 % 80 = 65 -> 66: same length; item 9 gets ".5": longer.
        let sameLength = original.replacingFirst(#""id":"body","style":{"height":65.0}"#, with: #""id":"body","style":{"height":66.0}"#)
        #expect(sameLength.utf8.count == original.utf8.count && sameLength != original, "the edit must keep the length")
        let longer = feedBody(cells: 30, changedCell: 9)
        let shifted = original.replacingFirst(#""items":["#, with: #""items":[{"id":"new","kind":"interop","size":{"width":1,"height":33}},"#)
        for body in [sameLength, longer, shifted, original] {
            let warm = engine.respond(body: Array(body.utf8))
            let cold = makeEngine().respond(body: Array(body.utf8))
            #expect(warm.status == 200)
            #expect(withoutStats(warm.body) == withoutStats(cold.body))
        }
        let stats = try JSONValue.parse(engine.respond(body: Array(original.utf8)).body)["stats"]
        #expect(stats?["cacheHits"]?.number == 30)
        #expect(engine.memo.lastItemLengths.withLock { $0.count } == 30)
    }

    @Test func aBadCellIsNeverRemembered() throws {
        let engine = makeEngine(cacheMB: 8)
        let bad = #"{"container":{"type":"table","bounds":{"width":0,"height":1}},"items":[{"id":"a","node":{"type":"box"}}]}"#
        #expect(engine.respond(body: Array(bad.utf8)).status == 422)
        #expect(engine.memo.cache.count == 0)
        let broken = #"{"container":{"type":"table","bounds":{"width":10,"height":1}},"items":[{"id":"a","node":{"type":"box","bogus":1}}]}"#
        for _ in 0..<2 {
            let response = engine.respond(body: Array(broken.utf8))
            #expect(response.status == 422)
            #expect(try JSONValue.parse(response.body)["path"]?.string == "/items/0/node/bogus")
        }
        // Malformed bytes inside a cell are a 400 however often they come.
        let malformed = #"{"container":{"type":"table","bounds":{"width":10,"height":1}},"items":[{"id":"a","node":{"type":"box",}}]}"#
        for _ in 0..<2 { #expect(engine.respond(body: Array(malformed.utf8)).status == 400) }
    }
}
