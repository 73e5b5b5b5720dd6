import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

@Suite struct ContainerRequestDecoderTests {
    @Test func readsEveryContainerField() throws {
        let decoded = try decodeContainer(#"""
            {"container": {"type": "collection", "bounds": {"width": 320, "height": 480},
              "contentOffset": {"x": 3, "y": 40}, "contentInset": {"left": 8, "top": 4},
              "scrolling": "down-right", "rangeMode": "minimum",
              "rangeTuning": {"full": {"display": {"leadingBufferScreenfuls": 3}}},
              "leadingScreensForBatching": 1.5, "fetching": true, "visible": false,
              "scrollDirection": "horizontal",
              "flow": {"itemSpacing": 4, "lineSpacing": 6, "sectionInset": 10},
              "x-client": [1, 2]},
             "direction": "rtl", "pointScale": 2, "sections": []}
            """#)
        let c = decoded.request.container
        #expect(c.type == .collection)
        #expect(c.bounds == Size(width: 320, height: 480))
        #expect(c.contentOffset == Point(x: 3, y: 40))
        #expect(c.contentInset.left == .points(8))
        #expect(c.scrolling == [.down, .right])
        #expect(c.rangeMode == .minimum)
        let tuning = c.rangeTuning[RangeTuningKey(mode: .full, type: .display)]
        #expect(tuning == TuningParameters(leading: 3, trailing: 0.5))
        // A pager's missing buffers are ASPagerNode's own, whichever key comes first.
        let pager = try decodeContainer(#"""
            {"container": {"rangeTuning": {"full": {"display": {"leadingBufferScreenfuls": 3}},
              "minimum": {"preload": {"trailingBufferScreenfuls": 4}}},
             "type": "pager", "bounds": {"width": 400, "height": 300}}}
            """#).request.container
        #expect(pager.rangeTuning[RangeTuningKey(mode: .full, type: .display)] == TuningParameters(leading: 3, trailing: 1))
        #expect(pager.rangeTuning[RangeTuningKey(mode: .minimum, type: .preload)] == TuningParameters(leading: 1, trailing: 4))
        #expect(c.leadingScreensForBatching == 1.5)
        #expect(c.fetching && !c.visible)
        #expect(c.scrollDirection == .horizontal)
        let table = try decodeContainer(
            #"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "separatorStyle": "none"}}"#)
        #expect(table.request.container.separatorStyle == .none)
        #expect(c.flow.itemSpacing == 4 && c.flow.lineSpacing == 6)
        #expect(c.flow.sectionInset.all == .points(10))
        #expect(decoded.request.direction == .rtl)
        #expect(decoded.request.pointScale == 2)
    }

    @Test func readsPagerFields() throws {
        let decoded = try decodeContainer(#"""
            {"container": {"type": "pager", "bounds": {"width": 320, "height": 480}, "currentPage": 1,
              "previousBounds": {"width": 480, "height": 320}, "circular": true},
             "items": [{"kind": "interop", "size": {"width": 1, "height": 1}}]}
            """#)
        #expect(decoded.request.container.currentPage == 1)
        #expect(decoded.request.container.previousBounds == Size(width: 480, height: 320))
        #expect(decoded.request.container.circular)
        #expect(decoded.request.usesItemsShorthand)
    }

    @Test func readsEveryCellField() throws {
        let decoded = try decodeContainer(#"""
            {"container": {"type": "table", "bounds": {"width": 320, "height": 480}},
             "sections": [{"id": "s", "header": {"id": "h", "node": {"type": "box"}},
               "footer": {"kind": "interop", "size": {"width": 10, "height": 20}},
               "items": [{"id": "a", "kind": "node", "node": {"type": "box", "id": "b"},
                 "style": {"preferredSize": {"width": 30, "height": 40}},
                 "constrainedSize": {"min": {"width": 0, "height": 10}, "max": {"width": 320, "height": 90}},
                 "accessoryType": "checkmark", "separatorInset": {"left": 15}, "selectionStyle": "gray",
                 "neverShowPlaceholders": true, "x-note": "ignored"}]}]}
            """#)
        let section = decoded.request.sections[0]
        #expect(section.id == "s")
        #expect(section.header?.id == "h")
        #expect(section.footer?.kind == .interop)
        #expect(section.footer?.size == Size(width: 10, height: 20))
        let cell = section.items[0]
        #expect(cell.id == "a")
        #expect(cell.kind == .node)
        #expect(cell.style.width == .points(30))
        #expect(cell.constrainedSize?.max.height == 90)
        #expect(cell.accessoryType == .checkmark)
        #expect(cell.separatorInset.left == .points(15))
        #expect(cell.selectionStyle == .gray)
        #expect(cell.neverShowPlaceholders)
        #expect(decoded.nodes[0].items[0].node != nil)
        #expect(decoded.nodes[0].header?.node != nil)
        #expect(decoded.nodes[0].footer?.node == nil)
    }

    @Test func contentHashIgnoresKeyOrderWhitespaceAndSpelling() throws {
        func hash(_ node: String) throws -> ContentHash {
            let body = #"{"container":{"type":"table","bounds":{"width":1,"height":1}},"items":[{"node":"# + node + "}]}"
            let decoded = try decodeContainer(body)
            let source = try #require(decoded.nodes[0].items[0].node)
            let bytes = Array(body.utf8)[source.range]
            return try JSONReader.read(Array(bytes)) { (r: inout JSONReader) throws(RequestError) in try r.contentHash() }
        }
        let a = try hash(#"{"type":"box","style":{"height":1,"width":2}}"#)
        #expect(a == (try hash(#"{ "style": {"width": 2.0, "height": 1e0}, "type": "b\u006fx" }"#)))
        #expect(a == (try hash(#"{"type":"box","style":{"height":1,"width":2,"x-n":-0}}"#.replacing(#","x-n":-0"#, with: ""))))
        #expect(a != (try hash(#"{"type":"box","style":{"height":2,"width":1}}"#)))
        #expect(a != (try hash(#"{"type":"box","style":{"height":1,"width":2},"id":"a"}"#)))
        #expect((try hash(#"{"a":[1,2]}"#)) != (try hash(#"{"a":[2,1]}"#)))
        #expect((try hash(#"{"a":0}"#)) == (try hash(#"{"a":-0.0}"#)))
        #expect((try hash(#"{"a":"xy","b":""}"#)) != (try hash(#"{"a":"x","b":"y"}"#)))
    }

    @Test(arguments: [
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "bogus": 1}}"#, "/container/bogus", ProblemType.unknownKey),
        (#"{"container": {"type": "grid", "bounds": {"width": 1, "height": 1}}}"#, "/container/type", .unknownToken),
        (#"{"container": {"bounds": {"width": 1, "height": 1}}}"#, "/container", .missingField),
        (#"{"container": {"type": "table"}}"#, "/container", .missingField),
        (#"{"items": []}"#, "", .missingField),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "scrolling": "sideways"}}"#, "/container/scrolling", .unknownToken),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "scrolling": "up-down"}}"#, "/container/scrolling", .unknownToken),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "rangeTuning": {"max": {}}}}"#, "/container/rangeTuning/max", .unknownKey),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "rangeTuning": {"full": {"display": {"leadingBufferScreenfuls": -1}}}}}"#, "/container/rangeTuning/full/display/leadingBufferScreenfuls", .invalidValue),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}, "flow": {"itemSpacing": "a"}}}"#, "/container/flow/itemSpacing", .invalidType),
        (#"{"container": {"type": "pager", "bounds": {"width": 1, "height": 1}, "currentPage": -1}}"#, "/container/currentPage", .invalidValue),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "pointScale": 17}"#, "/pointScale", .invalidValue),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "direction": "up"}"#, "/direction", .unknownToken),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "items": [], "sections": []}"#, "/sections", .invalidValue),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "sections": [{"rows": []}]}"#, "/sections/0/rows", .unknownKey),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "items": [{}, {"kind": "widget"}]}"#, "/items/1/kind", .unknownToken),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "items": [{"node": []}]}"#, "/items/0/node", .invalidType),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "items": [{"accessoryType": "chevron"}]}"#, "/items/0/accessoryType", .unknownToken),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "items": [{"style": {"alignSelf": "sideways"}}]}"#, "/items/0/style/alignSelf", .unknownToken),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "items": [{"id": "a", "id": "b"}]}"#, "/items/0/id", .invalidValue),
        (#"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "sections": [{"items": [{"size": {"width": -1}}]}]}"#, "/sections/0/items/0/size/width", .invalidValue),
    ])
    func refusesWithExactPaths(body: String, path: String, type: ProblemType) {
        let error = containerDecodeError(body)
        #expect(error?.problem == type)
        #expect(error?.path.description == path)
    }

    @Test(arguments: [
        #"{"a":[1,-2.5e3,0,true,false,null,"x\u00e9\n"],"b":{}}"#, #"[]"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#,
        #"{"a":1e}"#, #"{"a":[1,]}"#, #"{"a" 1}"#, #"{a:1}"#, #"{"a":tru}"#, #"{"a":"\x"}"#, #"{"a":1"#, "{\"a\":\"\u{01}\"}",
        #"{"a":nul}"#, #"{"a":[}"#, #"{"a":1}}"#,
        #"{"abcdefghijklmnopqrstuvwxyz":"0123456789abcdefg"}"#, #"{"a":"0123456789\"quoted\" and more"}"#,
        "{\"a\":\"0123456789ABé and more text\"}", "{\"a\":\"0123456789AB\u{1F}CDEFGHIJ\"}",
        #"{"a":"0123456789ABCDEFGHIJ"#, #"{"a":"12345678"}"#, #"{"a":"1234567"}"#,
    ])
    func grammarCheckAgreesWithSkipping(text: String) {
        func outcome(_ body: (inout JSONReader) throws(RequestError) -> Void) -> String {
            do {
                try JSONReader.read(Array(text.utf8)) { (r: inout JSONReader) throws(RequestError) in
                    try body(&r)
                    try r.finish()
                }
                return "ok"
            } catch {
                return "\(error.problem) \(error.detail) \(error.location?.offset ?? -1)"
            }
        }
        #expect(outcome { (r: inout JSONReader) throws(RequestError) in try r.checkValue() }
            == outcome { (r: inout JSONReader) throws(RequestError) in try r.skipValue() })
    }

    @Test func malformedJSONIsA400EvenAfterAContractError() {
        let error = containerDecodeError(#"{"container": {"type": "grid"}, "items": [1,]}"#)
        #expect(error?.problem == .unknownToken)
        // The endpoint prefers the syntax error (400) over the contract one.
        let response = makeEngine().respond(body: Array(#"{"container": {"type": "grid"}, "items": [1,]}"#.utf8))
        #expect(response.status == 400)
    }

    @Test func countsCellsAgainstTheLimitWhileReading() {
        // One item past the limit, without building a million cells.
        let items = Array(repeating: "{}", count: ContainerLimits.maxCells + 1).joined(separator: ",")
        let body = #"{"container": {"type": "table", "bounds": {"width": 1, "height": 1}}, "sections": [{"items": ["# + items + "]}]}"
        let error = containerDecodeError(body)
        #expect(error?.problem == .limitExceeded)
        #expect(error?.path.description == "/sections/0/items")
    }
}

@Suite struct GrammarCheckBytesTests {
    @Test func invalidUTF8InALongStringIsRefused() {
        var bytes = Array(#"{"a":"0123456789ABCDEF"#.utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by ASCII
        bytes += Array(#"xyz"}"#.utf8)
        var problem: ProblemType?
        do throws(RequestError) {
            try JSONReader.read(bytes) { (r: inout JSONReader) throws(RequestError) in try r.checkValue() }
        } catch {
            problem = error.problem
        }
        #expect(problem == .malformedJSON)
    }
}

/// A key given twice in any object of a container request (sizes, points,
/// edges and range tuning included) is refused, at that key: which of the
/// two values was meant cannot be known.
@Suite struct DuplicateKeyTests {
    @Test(arguments: [
        (#""bounds":{"width":320,"height":480},"type":"table","type":"table""#, #""items":[]"#, "/container/type"),
        (#""type":"collection","bounds":{"width":320,"height":480},"flow":{"itemSpacing":1,"itemSpacing":2}"#, #""items":[]"#,
         "/container/flow/itemSpacing"),
        (#""type":"table","bounds":{"width":320,"height":480}"#, #""sections":[{"items":[],"items":[]}]"#, "/sections/0/items"),
        (#""type":"table","bounds":{"width":320,"height":480}"#, #""items":[{"id":"a","id":"b","node":{"type":"box"}}]"#,
         "/items/0/id"),
        (#""type":"table","bounds":{"width":320,"height":480,"width":200}"#, #""items":[]"#, "/container/bounds/width"),
        (#""type":"table","bounds":{"width":320,"height":480},"contentOffset":{"y":1,"y":2}"#, #""items":[]"#,
         "/container/contentOffset/y"),
        (#""type":"table","bounds":{"width":320,"height":480},"contentInset":{"top":1,"top":2}"#, #""items":[]"#,
         "/container/contentInset/top"),
        (#""type":"table","bounds":{"width":320,"height":480},"rangeTuning":{"full":{},"full":{}}"#, #""items":[]"#,
         "/container/rangeTuning/full"),
        (#""type":"table","bounds":{"width":320,"height":480},"rangeTuning":{"full":{"display":{},"display":{}}}"#,
         #""items":[]"#, "/container/rangeTuning/full/display"),
        (#""type":"table","bounds":{"width":320,"height":480},"rangeTuning":{"full":{"preload":{"leadingBufferScreenfuls":1,"leadingBufferScreenfuls":2}}}"#,
         #""items":[]"#, "/container/rangeTuning/full/preload/leadingBufferScreenfuls"),
        (#""type":"table","bounds":{"width":320,"height":480}"#,
         #""items":[{"id":"a","node":{"type":"box"},"constrainedSize":{"max":{"width":1},"max":{"width":2}}}]"#,
         "/items/0/constrainedSize/max"),
        (#""type":"table","bounds":{"width":320,"height":480}"#,
         #""items":[{"id":"a","kind":"interop","size":{"width":1,"height":1,"height":2}}]"#, "/items/0/size/height"),
        (#""type":"table","bounds":{"width":320,"height":480}"#,
         #""items":[{"id":"a","node":{"type":"box","style":{"width":1,"width":2}}}]"#, "/items/0/node/style/width"),
        (#""type":"table","bounds":{"width":320,"height":480}"#,
         #""items":[{"id":"a","style":{"height":1,"height":2},"node":{"type":"box"}}]"#, "/items/0/style/height"),
    ])
    func aKeyGivenTwiceIsRefusedAtThatKey(container: String, cells: String, path: String) throws {
        let (status, json, _) = try respond(makeEngine(), #"{"container":{\#(container)},\#(cells)}"#)
        #expect(status == 422)
        #expect(json["path"]?.string == path)
        #expect(json["detail"]?.string?.contains("twice") == true)
    }

    /// The request's own keys, whichever: the last value would otherwise win silently.
    @Test(arguments: [
        (#""direction":"ltr","direction":"rtl""#, "/direction"),
        (#""pointScale":1,"pointScale":2"#, "/pointScale"),
        (#""answer":"full","answer":"hints""#, "/answer"),
        (#""container":{"type":"table","bounds":{"width":9,"height":9}}"#, "/container"),
        (#""items":[]"#, "/items"),
    ])
    func requestKeys(_ twice: String, _ path: String) throws {
        let body = #"{"container":{"type":"table","bounds":{"width":320,"height":480}},"items":[],\#(twice)}"#
        let (status, json, _) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(json["path"]?.string == path)
        #expect(json["detail"]?.string?.contains("twice") == true)
    }

    /// The same in a node request: its own keys, and the objects of its tree.
    @Test(arguments: [
        (#""root":{"type":"box"},"root":{"type":"box"}"#, "/root"),
        (#""root":{"type":"box","style":{"width":1,"width":2}}"#, "/root/style/width"),
        (#""root":{"type":"inset","insets":{"top":1,"top":2},"child":{"type":"box"}}"#, "/root/insets/top"),
        (#""root":{"type":"text","text":"a","font":{"size":12,"size":14}}"#, "/root/font/size"),
        (#""root":{"type":"text","spans":[{"text":"a","text":"b"}]}"#, "/root/spans/0/text"),
        (#""root":{"type":"text","spans":[{"text":"a","font":{"weight":400,"weight":700}}]}"#, "/root/spans/0/font/weight"),
        (#""root":{"type":"text","text":"abc","maxLines":1,"truncationText":[{"text":"…","link":null,"link":"x"}]}"#,
         "/root/truncationText/0/link"),
    ])
    func aKeyGivenTwiceInANodeRequestIsRefusedAtThatKey(request: String, path: String) throws {
        let response = LayoutNodeEndpoint.respond(body: Array("{\(request)}".utf8), flatten: false, textMeasurer: nil)
        let json = try JSONValue.parse(response.body)
        #expect(response.status == 422)
        #expect(json["path"]?.string == path)
        #expect(json["detail"]?.string?.contains("twice") == true)
    }
}
