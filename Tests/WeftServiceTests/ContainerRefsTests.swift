import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// Keys, refs and answer shapes (openapi.yaml: `Cell.ref`, `CellResult.key`,
/// `ContainerRequest.answer`, the 409 `unknown-ref`), through the engine.
@Suite struct ContainerRefsTests {
    static let card = #"{"type":"stack","children":[{"type":"box","style":{"height":20,"width":"50%"}},{"type":"text","text":"x","style":{"flexGrow":1}}]}"#

    static func body(width: Double = 320, answer: String? = nil, items: [String]) -> String {
        let shape = answer.map { #","answer":"\#($0)""# } ?? ""
        return #"{"container":{"type":"table","bounds":{"width":\#(width),"height":200}}\#(shape),"items":["#
            + items.joined(separator: ",") + "]}"
    }

    static func items(_ json: JSONValue) -> [JSONValue] { json["sections"]?[0]?["items"]?.array ?? [] }

    @Test func equalContentHasEqualKeysWhereverAndHoweverWideItIs() throws {
        let engine = makeEngine(cacheMB: 8)
        let first = try respond(engine, Self.body(items: [
            #"{"id":"a","node":\#(Self.card)}"#,
            #"{"id":"b","node":{"type":"box","style":{"height":5}}}"#,
            #"{"id":"c","node":\#(Self.card),"style":{"flexGrow":1}}"#,
            #"{"id":"d","kind":"interop","size":{"width":10,"height":10}}"#,
            #"{"id":"e","kind":"interop","size":{"width":10,"height":11}}"#,
        ]))
        // The same card again, moved, under another id, in a wider table, spelled differently.
        let respelled = Self.card.replacing(#""height":20"#, with: #""height":2e1"#)
        let second = try respond(engine, Self.body(width: 500, items: [
            #"{"id":"z","node":{"type":"box","style":{"height":1}}}"#, #"{"node":\#(respelled),"id":"y"}"#,
        ]))
        let keys = Self.items(first.body).map { $0["key"]?.string }
        #expect(keys.allSatisfy { $0.map(ContentKey.isWellFormed) == true })
        #expect(Set(keys).count == 5)  // the style and the interop size count
        #expect(Self.items(second.body)[1]["key"]?.string == keys[0])
    }

    @Test func aRefIsLaidOutAsItsFullCellAtTheContainersSizeNow() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8)
        let full = try respond(engine, Self.body(items: [#"{"id":"a","node":\#(Self.card),"accessoryType":"checkmark"}"#]))
        let key = try #require(Self.items(full.body).first?["key"]?.string)
        for width in [320.0, 480] {
            let reference = try respond(makeEngine(), Self.body(width: width, items: [#"{"id":"a","node":\#(Self.card),"accessoryType":"checkmark"}"#]))
            let viaRef = try respond(engine, Self.body(width: width, items: [#"{"id":"a","ref":"\#(key)","accessoryType":"checkmark"}"#]))
            #expect(viaRef.status == 200)
            #expect(withoutStats(viaRef.bytes) == withoutStats(reference.bytes))
        }
    }

    @Test func framesGiveLayoutsOnlyForCellsSentWithContentAndHintsNoCells() throws {
        let engine = makeEngine(cacheMB: 8)
        let full = try respond(engine, Self.body(items: [#"{"id":"a","node":\#(Self.card)}"#]))
        let key = try #require(Self.items(full.body).first?["key"]?.string)
        let cells = [#"{"id":"a","ref":"\#(key)"}"#, #"{"id":"b","node":{"type":"box","style":{"height":5}}}"#]
        let frames = try respond(engine, Self.body(answer: "frames", items: cells))
        let items = Self.items(frames.body)
        #expect(items.map { $0["layout"] == nil } == [true, false])
        #expect(items.map { $0["frame"] != nil && $0["key"] != nil } == [true, true])
        #expect(items[0]["frame"] == Self.items(full.body)[0]["frame"])
        let hints = try respond(engine, Self.body(answer: "hints", items: cells))
        #expect(hints.body["sections"] == nil)
        #expect(hints.body["hints"] == frames.body["hints"])
        #expect(hints.body["contentSize"] == frames.body["contentSize"])
        #expect(hints.bytes.count < frames.bytes.count)
    }

    @Test func aStreamFollowsTheAnswerShape() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8)
        let full = try respond(engine, Self.body(items: [#"{"id":"a","node":\#(Self.card)}"#]))
        let key = try #require(Self.items(full.body).first?["key"]?.string)
        let cells = [#"{"id":"a","ref":"\#(key)"}"#, #"{"id":"b","node":{"type":"box","style":{"height":5}}}"#]
        let hints = try streamRecords(engine, Self.body(answer: "hints", items: cells))
        #expect(hints.map { $0["record"]?.string } == ["start", "end"])
        let frames = try streamRecords(engine, Self.body(answer: "frames", items: cells))
        let records = frames.filter { $0["record"]?.string == "cell" }
        #expect(records.map { $0["layout"] == nil } == [true, false])
        #expect(records.map { $0["key"]?.string } == [key, Self.items(try respond(engine, Self.body(items: cells)).body)[1]["key"]?.string])
    }

    @Test func unknownRefsAreOne409ListingEveryOne() throws {
        let engine = makeEngine(cacheMB: 8)
        let known = try #require(Self.items(try respond(engine, Self.body(items: [#"{"id":"a","node":\#(Self.card)}"#])).body).first?["key"]?.string)
        let unknown = "c1" + String(repeating: "A", count: 16)
        let body = #"{"container":{"type":"collection","bounds":{"width":320,"height":200}},"sections":["#
            + #"{"items":[{"id":"a","ref":"\#(known)"},{"id":"b","ref":"\#(unknown)"}]},"#
            + #"{"header":{"id":"h","ref":"\#(unknown)"},"items":[{"id":"c","ref":"\#(known)"}],"footer":{"id":"f","ref":"\#(unknown)"}}]}"#
        let answer = try respond(engine, body)
        #expect(answer.status == 409)
        #expect(answer.body["type"]?.string == "https://weft.dev/problems/unknown-ref")
        #expect(answer.body["refs"]?.array?.compactMap(\.string) == ["/sections/0/items/1", "/sections/1/header", "/sections/1/footer"])
    }

    @Test func tenThousandUnknownRefsAreListedInOneAnswer() throws {
        let unknown = "c1" + String(repeating: "B", count: 16)
        let cells = (0..<10_000).map { #"{"id":"p\#($0)","ref":"\#(unknown)"}"# }
        let answer = try respond(makeEngine(cacheMB: 8), Self.body(items: cells))
        #expect(answer.status == 409)
        #expect(answer.body["refs"]?.array?.count == 10_000)
        #expect(answer.body["refs"]?[9_999]?.string == "/items/9999")
    }

    @Test func withoutACacheNoRefResolves() throws {
        let engine = makeEngine(cacheMB: 0)
        let key = try #require(Self.items(try respond(engine, Self.body(items: [#"{"id":"a","node":\#(Self.card)}"#])).body).first?["key"]?.string)
        #expect(try respond(engine, Self.body(items: [#"{"id":"a","ref":"\#(key)"}"#])).status == 409)
    }

    @Test(arguments: [
        (#"{"id":"a","ref":"c1AAAAAAAAAAAAAAAA","node":{"type":"box"}}"#, "/items/0/node", "invalid-value"),
        (#"{"id":"a","style":{"height":3},"ref":"c1AAAAAAAAAAAAAAAA"}"#, "/items/0/style", "invalid-value"),
        (#"{"id":"a","ref":"c1AAAA"}"#, "/items/0/ref", "invalid-value"),
        (#"{"id":"a","ref":"c1AAAAAAAAAAAAAAA+"}"#, "/items/0/ref", "invalid-value"),
        (#"{"id":"a","ref":7}"#, "/items/0/ref", "invalid-type"),
        (#"{"kind":"interop","size":{"width":1,"height":1}}"#, "/items/0", "missing-field"),
    ])
    func badRefsAndIdsAreProblemsWithPointers(cell: String, path: String, type: String) throws {
        let answer = try respond(makeEngine(cacheMB: 8), Self.body(items: [cell]))
        #expect(answer.status == 422)
        #expect(answer.body["path"]?.string == path)
        #expect(answer.body["type"]?.string == "https://weft.dev/problems/" + type)
    }

    @Test func aSharedIdIsADuplicate() throws {
        let cell = #"{"id":"a","kind":"interop","size":{"width":1,"height":1}}"#
        let answer = try respond(makeEngine(), Self.body(items: [cell, cell]))
        #expect(answer.status == 422)
        #expect(answer.body["type"]?.string == "https://weft.dev/problems/duplicate-id")
        #expect(answer.body["path"]?.string == "/items/1/id")
    }

    @Test func aMisspelledAnswerIsAnUnknownToken() throws {
        let answer = try respond(makeEngine(), Self.body(answer: "hint", items: []))
        #expect(answer.status == 422)
        #expect(answer.body["path"]?.string == "/answer")
    }

    @Test func contentIsStoredInProcessAsItsCellIsRead() throws {
        let store = CellContentStore(capacityBytes: 1 << 20)
        let body = Array(#"{"id":"a","node":{"type":"box"}}"#.utf8)
        let node = 17..<(body.count - 1)
        var source = CellSource(node: NodeSource(range: node))
        source.node?.hash = ContainerEngine.hash(body, node)
        let cell = Cell(id: "a", node: Element(.box))
        let key = "c1" + String(repeating: "B", count: ContentKey.length - 2)
        let writes = ContentWrites()
        #expect(store.contents(for: [key]).first.map { $0 == nil } == true)
        let bits = try #require(CellContentKey(text: key))
        var built = 0
        for _ in 0..<2 {
            store.remember(bits, writes: writes) {
                built += 1
                return StoredCell(cell, source, in: body, nodeHash: source.node?.hash)
            }
        }
        // Stored at once: the second time builds nothing.
        #expect(built == 1)
        // Without a shared store nothing waits for the request's end.
        #expect(writes.take().isEmpty)
        let stored = try #require(store.contents(for: [key]).first ?? nil)
        #expect(String(decoding: stored.bytes, as: UTF8.self) == #"{"node":{"type":"box"}}"#)
        // Only that key finds it: not one that differs in any byte, nor a longer string that starts with it.
        let others = (2..<ContentKey.length).map { i in
            String(key.prefix(i)) + "C" + String(key.dropFirst(i + 1))
        } + [key + "B", String(key.dropLast())]
        #expect(store.contents(for: others).allSatisfy { $0 == nil })
    }

    @Test func contentARequestRepeatsIsBuiltAndWrittenOnce() throws {
        let store = CellContentStore(capacityBytes: 1 << 20)
        let body = Array(#"{"id":"a","node":{"type":"box"}}"#.utf8)
        let source = CellSource(node: NodeSource(range: 17..<(body.count - 1)))
        let cell = Cell(id: "a", node: Element(.box))
        let keys = ["B", "B", "C", "B"].map { "c1" + String(repeating: $0, count: ContentKey.length - 2) }
        let writes = ContentWrites()
        var built = 0
        for key in keys {
            store.remember(try #require(CellContentKey(text: key)), writes: writes) {
                built += 1
                return StoredCell(cell, source, in: body, nodeHash: nil)
            }
        }
        #expect(built == 2)
        store.flush(writes)
        #expect(store.contents(for: Array(keys.prefix(3))).allSatisfy { $0 != nil })
        // Stored now: a later request builds nothing for it.
        store.remember(try #require(CellContentKey(text: keys[0])), writes: ContentWrites()) {
            built += 1
            return StoredCell(cell, source, in: body, nodeHash: nil)
        }
        #expect(built == 2)
    }
}
