import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// Keys and refs of the cells of nested containers: each nested cell is
/// answered with the key its content would get anywhere, and may come back
/// as `{"id", "ref"}` inside the tree that holds it.
@Suite struct NestedRefsTests {
    static let cardA = #"{"type":"stack","direction":"vertical","spacing":4,"children":[{"type":"box","style":{"width":96,"height":72}},{"type":"box","style":{"width":80,"height":16}}]}"#
    static let cardB = #"{"type":"box","id":"face","style":{"width":120,"height":50}}"#

    /// A table of rows, each a title above a horizontal strip of `cells`.
    static func body(rows: [[String]], width: Double = 320) -> String {
        let rowsJSON = rows.enumerated().map { r, cells in
            #"{"id":"row-\#(r)","node":{"type":"stack","direction":"vertical","children":[{"type":"box","style":{"height":20}},{"type":"container","container":{"type":"collection","scrollDirection":"horizontal","flow":{"itemSpacing":10}},"items":[\#(cells.joined(separator: ","))]}]}}"#
        }
        return #"{"container":{"type":"table","bounds":{"width":\#(width),"height":400}},"items":["#
            + rowsJSON.joined(separator: ",") + "]}"
    }

    /// The problem a stream of `body` is refused with before its 200; nil if it starts.
    static func streamRefusal(_ engine: ContainerEngine, _ body: String) -> Problem? {
        guard case .refused(let problem) = engine.beginStream(Array(body.utf8)) else { return nil }
        return problem
    }

    static func nestedItems(_ json: JSONValue, row: Int) -> [JSONValue] {
        json["sections"]?[0]?["items"]?[row]?["layout"]?["children"]?[1]?["sections"]?[0]?["items"]?.array ?? []
    }

    @Test func nestedCellsCarryTheKeyTheirContentGetsAnywhere() throws {
        // The same contents as top-level cells, under other ids: the keys to expect.
        let top = try respond(makeEngine(), ContainerRefsTests.body(items: [
            #"{"id":"x","node":\#(Self.cardA)}"#, #"{"id":"y","style":{"alignSelf":"end"},"node":\#(Self.cardB)}"#,
            #"{"id":"z","kind":"interop","size":{"width":30,"height":40}}"#,
        ]))
        let expected = ContainerRefsTests.items(top.body).map { $0["key"]?.string }
        #expect(expected.count == 3 && expected.allSatisfy { $0.map(ContentKey.isWellFormed) == true })
        // Spelled otherwise inside the strip (members reordered, spaces, escapes):
        // the keys are of the content, found by the row's own hashing pass or on their own.
        let respelledB = #"{ "style" : {"height":5e1, "width":120}, "id":"face", "type":"b\u006fx" }"#
        let cells = [
            #"{"id":"a","node":\#(Self.cardA)}"#, #"{"style":{"alignSelf":"end"},"id":"b","node":\#(respelledB)}"#,
            #"{"id":"c","size":{"height":40,"width":30},"kind":"interop"}"#,
        ]
        for engine in [makeEngine(), makeEngine(cacheMB: 8)] {
            let nested = try respond(engine, Self.body(rows: [cells]))
            #expect(nested.status == 200)
            #expect(Self.nestedItems(nested.body, row: 0).map { $0["key"]?.string } == expected)
        }
        let node = LayoutNodeEndpoint.respond(
            body: Array(#"{"root":{"type":"container","container":{"type":"table"},"items":[\#(cells.joined(separator: ","))]}}"#.utf8),
            flatten: false, textMeasurer: nil)
        let items = try JSONValue.parse(node.body)["layout"]?["sections"]?[0]?["items"]?.array ?? []
        #expect(items.map { $0["key"]?.string } == expected)
    }

    @Test func aStripOfRefsIsLaidOutAsItsFullCellsAtAnyWidth() throws {
        let engine = makeEngine(workers: 2, cacheMB: 8)
        let fullCells = [#"{"id":"a","node":\#(Self.cardA)}"#, #"{"id":"b","node":\#(Self.cardB)}"#]
        let first = try respond(engine, Self.body(rows: [fullCells]))
        let keys = try Self.nestedItems(first.body, row: 0).map { try #require($0["key"]?.string) }
        #expect(keys.count == 2)
        let refCells = [#"{"id":"a","ref":"\#(keys[0])"}"#, #"{"id":"b","ref":"\#(keys[1])"}"#]
        for width in [320.0, 200] {
            let reference = try respond(makeEngine(), Self.body(rows: [fullCells, fullCells], width: width))
            // One row by refs, one mixed: both answer as the full cells do.
            let viaRefs = try respond(engine, Self.body(rows: [refCells, [fullCells[0], refCells[1]]], width: width))
            #expect(viaRefs.status == 200)
            #expect(Self.nestedItems(viaRefs.body, row: 0) == Self.nestedItems(reference.body, row: 0))
            #expect(Self.nestedItems(viaRefs.body, row: 1) == Self.nestedItems(reference.body, row: 1))
            #expect(viaRefs.body["sections"]?[0]?["items"]?[0]?["frame"] == reference.body["sections"]?[0]?["items"]?[0]?["frame"])
        }
    }

    /// The tree a nested ref stands for is not in the request: the element
    /// limit passed inside it is named at the ref'd cell, which the client
    /// can re-send in full, not at an element of the stored tree.
    @Test func theElementLimitInsideANestedRefNamesTheRefdCell() throws {
        let engine = ContainerEngine(
            workers: 1, cacheBytes: 8 << 20, textMeasurer: nil, limits: DecodeLimits(maxElements: 60))
        let boxes = Array(repeating: #"{"type":"box","style":{"width":2,"height":2}}"#, count: 20).joined(separator: ",")
        let big = #"{"id":"big","node":{"type":"stack","children":[\#(boxes)]}}"#
        let first = try respond(engine, Self.body(rows: [[big]]))
        #expect(first.status == 200)
        let key = try #require(Self.nestedItems(first.body, row: 0).first?["key"]?.string)
        let refs = (0..<3).map { #"{"id":"r\#($0)","ref":"\#(key)"}"# }
        let over = try respond(engine, Self.body(rows: [refs]))
        #expect(over.status == 422)
        #expect(over.body["path"]?.string == "/items/0/node/children/1/items/2")
    }

    @Test func unknownNestedRefsAreOne409ListingEveryOne() throws {
        let unknown = "c1" + String(repeating: "Q", count: ContentKey.length - 2)
        let body = Self.body(rows: [
            [#"{"id":"a","node":\#(Self.cardB)}"#, #"{"id":"b","ref":"\#(unknown)"}"#],
            [#"{"id":"c","node":\#(Self.cardB)}"#],
            [#"{"id":"d","ref":"\#(unknown)"}"#],
        ])
        for engine in [makeEngine(), makeEngine(workers: 2, cacheMB: 8)] {
            let (status, json, _) = try respond(engine, body)
            #expect(status == 409)
            #expect(json["type"]?.string?.hasSuffix("unknown-ref") == true)
            #expect(json["refs"]?.array?.compactMap(\.string) == [
                "/items/0/node/children/1/items/1", "/items/2/node/children/1/items/0",
            ])
            // Streamed: the same 409, before the 200 and any record.
            let refused = try #require(Self.streamRefusal(engine, body))
            #expect(refused.status == 409)
            #expect(refused.refs?.map(\.description) == json["refs"]?.array?.compactMap(\.string))
        }
    }

    /// A key names content: a row whose strip holds a card gets the same key
    /// whether the card came in full or as a ref to that same card.
    @Test func aRowsKeyIsTheSameWithItsCardsInFullOrAsRefs() throws {
        let engine = makeEngine(cacheMB: 8)
        let full = try respond(engine, Self.body(rows: [[#"{"id":"a","node":\#(Self.cardA)}"#, #"{"id":"b","node":\#(Self.cardB)}"#]]))
        let rowKey = try #require(full.body["sections"]?[0]?["items"]?[0]?["key"]?.string)
        let cards = try Self.nestedItems(full.body, row: 0).map { try #require($0["key"]?.string) }
        let viaRefs = try respond(engine, Self.body(rows: [[#"{"id":"a","ref":"\#(cards[0])"}"#, #"{"ref":"\#(cards[1])","id":"b"}"#]]))
        #expect(viaRefs.body["sections"]?[0]?["items"]?[0]?["key"]?.string == rowKey)
        // Another card, or the same card under another id, is another row.
        let other = try respond(engine, Self.body(rows: [[#"{"id":"a","node":\#(Self.cardB)}"#, #"{"id":"b","node":\#(Self.cardB)}"#]]))
        #expect(other.body["sections"]?[0]?["items"]?[0]?["key"]?.string != rowKey)
        let renamed = try respond(engine, Self.body(rows: [[#"{"id":"z","node":\#(Self.cardA)}"#, #"{"id":"b","node":\#(Self.cardB)}"#]]))
        #expect(renamed.body["sections"]?[0]?["items"]?[0]?["key"]?.string != rowKey)
    }

    /// A row sent as a ref whose stored tree names a card this server does
    /// not know (the card's entry is gone, the row's is not): the 409 points
    /// at the row, which the client has and can re-send in full; the tree
    /// that holds the card's ref is the store's, not in the request.
    @Test func anUnknownRefInsideARowSentAsARefNamesTheRow() throws {
        let first = makeEngine(cacheMB: 8)
        // The card alone first, so that the row is stored as first sent: with the card's ref.
        let card = try respond(first, ContainerRefsTests.body(items: [#"{"id":"a","node":\#(Self.cardA)}"#]))
        let cardKey = try #require(ContainerRefsTests.items(card.body).first?["key"]?.string)
        let row = try respond(first, Self.body(rows: [[#"{"id":"a","ref":"\#(cardKey)"}"#]]))
        let rowKey = try #require(row.body["sections"]?[0]?["items"]?[0]?["key"]?.string)
        let stored = try #require(first.contentStore.contents(for: [rowKey])[0])
        // A second server that has the row's content and not the card's.
        let second = makeEngine(cacheMB: 8)
        second.contentStore.remember(try #require(CellContentKey(text: rowKey)), writes: ContentWrites()) { stored }
        #expect(second.contentStore.contents(for: [rowKey])[0] != nil)
        let body = ContainerRefsTests.body(items: [
            #"{"id":"x","node":{"type":"box","style":{"height":5}}}"#, #"{"id":"row-0","ref":"\#(rowKey)"}"#,
        ])
        let (status, json, _) = try respond(second, body)
        #expect(status == 409)
        #expect(json["refs"]?.array?.compactMap(\.string) == ["/items/1"])
        #expect(json["path"]?.string == "/items/1")
        let refused = try #require(Self.streamRefusal(second, body))
        #expect(refused.status == 409 && refused.refs?.map(\.description) == ["/items/1"])
    }

    @Test func unknownRefsOfRowsAndOfTheirNestedCellsAreOne409() throws {
        let unknownCard = "c1" + String(repeating: "Q", count: ContentKey.length - 2)
        let unknownRow = "c1" + String(repeating: "R", count: ContentKey.length - 2)
        func strip(_ cells: String) -> String {
            #"{"type":"container","container":{"type":"collection","scrollDirection":"horizontal"},"items":[\#(cells)]}"#
        }
        let rows = [
            #"{"id":"r0","node":\#(strip(#"{"id":"a","ref":"\#(unknownCard)"}"#))}"#,
            #"{"id":"r1","ref":"\#(unknownRow)"}"#,
            #"{"id":"r2","node":\#(strip(#"{"id":"b","node":\#(Self.cardB)},{"id":"c","ref":"\#(unknownCard)"}"#))}"#,
        ].joined(separator: ",")
        let container = #""container":{"type":"table","bounds":{"width":320,"height":400}}"#
        for (body, cells) in [
            (#"{\#(container),"items":[\#(rows)]}"#, "/items"),
            (#"{\#(container),"sections":[{"items":[\#(rows)]}]}"#, "/sections/0/items"),
        ] {
            let (status, json, _) = try respond(makeEngine(workers: 2, cacheMB: 8), body)
            #expect(status == 409)
            #expect(json["type"]?.string?.hasSuffix("unknown-ref") == true)
            // The rows' own refs and those in the trees of the other rows, in document order.
            #expect(json["refs"]?.array?.compactMap(\.string) == [
                "\(cells)/0/node/items/0", "\(cells)/1", "\(cells)/2/node/items/1",
            ])
            #expect(json["path"]?.string == "\(cells)/0/node/items/0")
        }
    }

    @Test func theNodeEndpointResolvesNestedRefsFromTheSameStore() throws {
        let engine = makeEngine(cacheMB: 8)
        let first = try respond(engine, Self.body(rows: [[#"{"id":"a","node":\#(Self.cardB)}"#]]))
        let key = try #require(Self.nestedItems(first.body, row: 0).first?["key"]?.string)
        func node(_ cell: String) throws -> (Int, JSONValue) {
            let body = #"{"sizeRange":{"max":{"width":300}},"root":{"type":"container","container":{"type":"collection","scrollDirection":"horizontal"},"items":[\#(cell)]}}"#
            let response = LayoutNodeEndpoint.respond(
                body: Array(body.utf8), flatten: false, lines: false, textMeasurer: nil, contentStore: engine.contentStore,
                cellCache: nil)
            return (response.status, try JSONValue.parse(response.body))
        }
        let (fullStatus, full) = try node(#"{"id":"a","node":\#(Self.cardB)}"#)
        let (refStatus, viaRef) = try node(#"{"id":"a","ref":"\#(key)"}"#)
        #expect(fullStatus == 200 && refStatus == 200)
        let layout = try #require(full["layout"]?["sections"]?[0]?["items"]?[0]?["layout"])
        #expect(layout["frame"]?["width"]?.number == 120)
        #expect(viaRef["layout"] == full["layout"])
        let (unknownStatus, problem) = try node(#"{"id":"a","ref":"c1\#(String(repeating: "Z", count: ContentKey.length - 2))"}"#)
        #expect(unknownStatus == 409)
        #expect(problem["refs"]?.array?.compactMap(\.string) == ["/root/items/0"])
    }

    @Test func aNestedRefBesideContentOrMalformedIsA422() throws {
        let engine = makeEngine(cacheMB: 8)
        let beside = try respond(engine, Self.body(rows: [[#"{"id":"a","ref":"c1\#(String(repeating: "A", count: 16))","node":\#(Self.cardB)}"#]]))
        #expect(beside.status == 422)
        #expect(beside.body["path"]?.string == "/items/0/node/children/1/items/0/node")
        let malformed = try respond(engine, Self.body(rows: [[#"{"id":"a","ref":"nope"}"#]]))
        #expect(malformed.status == 422)
        #expect(malformed.body["path"]?.string == "/items/0/node/children/1/items/0/ref")
    }
}
