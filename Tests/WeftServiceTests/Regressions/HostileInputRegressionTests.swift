import Testing
import WeftCells
import WeftHTTP
import WeftJSON
import WeftLayout

@testable import WeftService

/// Inputs that broke the contract's promises: `null` frames from overflow,
/// keys of another container type, odd query values, unbounded family names.
@Suite struct HostileInputRegressionTests {
    private let overflowingStack =
        #"{"type":"stack","spacing":1e308,"children":[{"type":"box","style":{"width":10,"height":10}},{"type":"box","style":{"width":10,"height":10}}]}"#

    @Test(arguments: [false, true])
    func overflowingNodeLayoutIsA422NotNull(flatten: Bool) throws {
        let body = #"{"pointScale":2,"root":"# + overflowingStack + "}"
        let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: flatten, textMeasurer: nil)
        #expect(response.status == 422)
        let problem = try JSONValue.parse(response.body)
        #expect(problem["type"] == .string("https://weft.dev/problems/invalid-value"))
        #expect(problem["path"] == .string("/root/children/1"))
    }

    /// The path names the key the element sits under: a single-child
    /// spec's `child`, a background's `background`, not `children/0`.
    @Test func anOverflowUnderASingleChildSpecPointsAtItsChildKey() throws {
        let body = #"{"pointScale":2,"root":{"type":"background","background":{"type":"box"},"child":{"type":"inset","child":"#
            + overflowingStack + "}}}"
        let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, textMeasurer: nil)
        #expect(response.status == 422)
        #expect(try JSONValue.parse(response.body)["path"] == .string("/root/child/child/children/1"))
    }

    @Test func overflowingCellLayoutIsA422WithTheCellsPath() throws {
        let body = #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"pointScale":2,"#
            + #""items":[{"id": "c1", "node":{"type":"box"}},{"id": "c2", "node":"# + overflowingStack + "}]}"
        let (status, problem, bytes) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("null"))
        #expect(problem["path"] == .string("/items/1/node/children/1"))
    }

    /// A nested container's cells and settings are checked as a row's are,
    /// on both endpoints, cache on or off: a 422 at the value, never `null`.
    @Test(arguments: [(0, false), (8, false), (8, true)])
    func overflowInsideANestedContainerIsA422AtItsPath(cacheMB: Int, node: Bool) throws {
        func strip(_ flow: String, _ card: String) -> String {
            #"{"type":"container","container":{"type":"collection","scrollDirection":"horizontal"\#(flow)},"#
                + #""sections":[{"items":[{"id":"a","node":{"type":"box","style":{"width":10,"height":10}}},{"id":"b","node":"#
                + card + "}]}]}"
        }
        let box = #"{"type":"box","style":{"width":10,"height":10}}"#
        let cases = [
            (strip("", overflowingStack), "/sections/0/items/1/node/children/1"),
            // Spacings past 1e7 are refused where they are sent.
            (strip(#","flow":{"lineSpacing":1e308,"sectionInset":{"left":1e308}}"#, box), "/container/flow/lineSpacing"),
        ]
        for (element, inside) in cases {
            let status: Int, problem: JSONValue, bytes: [UInt8], prefix: String
            if node {
                let body = #"{"pointScale":2,"root":{"type":"stack","children":[{"type":"box"},"# + element + "]}}"
                let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, textMeasurer: nil)
                (status, problem, bytes, prefix) = (response.status, try JSONValue.parse(response.body), response.body, "/root")
            } else {
                let body = #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"pointScale":2,"#
                    + #""items":[{"id":"r","node":{"type":"stack","children":[{"type":"box"},"# + element + "]}}]}"
                (status, problem, bytes) = try respond(makeEngine(cacheMB: cacheMB), body)
                prefix = "/items/0/node"
            }
            #expect(status == 422)
            #expect(!String(decoding: bytes, as: UTF8.self).contains("null"))
            #expect(problem["path"] == .string(prefix + "/children/1" + inside))
        }
    }

    /// Content insets wider than a collection's bounds leave it no content
    /// across, never a negative contentSize (a scroll view's never is).
    @Test(arguments: [("vertical", "width"), ("horizontal", "height")])
    func insetsWiderThanTheBoundsLeaveNoContentAcross(_ scrollDirection: String, _ across: String) throws {
        let body = #"{"container":{"type":"collection","scrollDirection":"\#(scrollDirection)","#
            + #""bounds":{"width":375,"height":200},"contentInset":{"all":300}},"#
            + #""items":[{"id":"a","node":{"type":"box","style":{"width":50,"height":50}}}]}"#
        let (status, answer, _) = try respond(makeEngine(), body)
        #expect(status == 200)
        #expect(answer["contentSize"]?[across] == .number(0))
    }

    /// Settings whose sums would overflow the placement or its hints are
    /// refused at the value that is too large, never answered with `null`.
    @Test(arguments: [
        (#""type":"collection","flow":{"sectionInset":{"top":1e308,"bottom":1e308}}"#, "/container/flow/sectionInset/top"),
        (#""type":"collection","flow":{"sectionInset":1e300}"#, "/container/flow/sectionInset"),
        (#""type":"collection","contentInset":{"left":"1e9%"}"#, "/container/contentInset/left"),
        (#""type":"collection","layout":"gallery","gallery":{"itemSize":{"width":1,"height":1},"lineSpacing":1e7}"#,
         "/container/gallery/lineSpacing"),
        (#""type":"table","contentOffset":{"x":0,"y":1.7e308},"leadingScreensForBatching":1e308"#,
         "/container/leadingScreensForBatching"),
        (#""type":"table","rangeTuning":{"full":{"display":{"leadingBufferScreenfuls":1e300}}}"#,
         "/container/rangeTuning/full/display/leadingBufferScreenfuls"),
    ])
    func overflowingSettingsAreA422AtTheirValue(_ container: String, _ path: String) throws {
        func cell(_ id: String) -> String { #"{"id":"\#(id)","kind":"interop","size":{"width":10,"height":10}}"# }
        let body = #"{"container":{"# + container + #","bounds":{"width":100,"height":100}},"items":["#
            + cell("a") + "," + cell("b") + "]}"
        let (status, problem, bytes) = try respond(makeEngine(), body)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("null}"))
        #expect(status == 422)
        #expect(problem["path"] == .string(path))
    }

    @Test(arguments: [
        (#""separatorStyle":"none""#, "collection", "/container/separatorStyle"),
        (#""scrollDirection":"horizontal""#, "table", "/container/scrollDirection"),
        (#""circular":true"#, "table", "/container/circular"),
        (#""flow":{"itemSpacing":1}"#, "pager", "/container/flow"),
    ])
    func keysOfAnotherContainerTypeAreRefused(_ key: String, _ type: String, _ path: String) throws {
        let body = #"{"container":{"type":""# + type + #"","bounds":{"width":100,"height":100},"# + key
            + #"},"items":[]}"#
        let (status, problem, _) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(problem["type"] == .string("https://weft.dev/problems/unknown-key"))
        #expect(problem["path"] == .string(path))
    }

    @Test func accessoriesOutsideATableAreRefused() throws {
        let body = #"{"container":{"type":"collection","bounds":{"width":100,"height":100}},"#
            + #""items":[{"id": "c3", "kind":"interop","size":{"width":10,"height":10},"accessoryType":"checkmark"}]}"#
        let (status, problem, _) = try respond(makeEngine(), body)
        #expect(status == 422)
        #expect(problem["path"] == .string("/items/0/accessoryType"))
    }

    @Test func aBorderRefusalNamesWhatIsAccepted() throws {
        let error = try #require(nodeError(rootRequest(#"{"type":"box","style":{"border":{"top":"0%"}}}"#)))
        #expect(error.path.description == "/root/style/border/top")
        #expect(error.detail.hasSuffix("expected a number"), "\(error.detail)")
        #expect(!error.detail.contains("  "))
    }

    @Test func flattenTakesOnlyTheDocumentedValues() {
        func flatten(_ query: String) -> Bool? {
            ServiceRoutes.switchParameter(HTTPRequest(method: "POST", path: "/v1/layout/node", query: query), "flatten")
        }
        #expect(flatten("") == false)
        #expect(flatten("lines=1") == false)
        #expect(flatten("flatten=0") == false)
        #expect(flatten("flatten=1") == true)
        for odd in ["flatten=", "flatten", "flatten=yes", "flatten=true", "flatten=2", "flatten=1%20"] {
            #expect(flatten(odd) == nil, "\(odd)")
        }
        // A second value is refused, not left unread.
        #expect(flatten("flatten=1&flatten=0") == nil)
        #expect(flatten("flatten=1&flatten=1") == nil)
        // Percent-encoded, the same name and value (RFC 3986 §2.3).
        #expect(flatten("flatten=%31") == true)
        #expect(flatten("fl%61tten=1") == true)
        #expect(flatten("fl%61tten=1&flatten=1") == nil)
    }

    @Test func aBadQueryParameterIsNamedInTheProblem() throws {
        let response = ServiceRoutes.invalidSwitchParameter("lines")
        #expect(response.status == 422)
        let problem = try JSONValue.parse(response.body)
        #expect(problem["parameter"] == .string("lines"))
        #expect(problem["path"] == nil)
    }

    @Test func anAbsurdlyLongFontFamilyIsRefusedAtDecode() throws {
        let long = String(repeating: "f", count: 257)
        let error = try #require(nodeError(rootRequest(#"{"type":"text","text":"x","font":{"family":""# + long + #""}}"#)))
        #expect(error.path.description == "/root/font/family")
        let fits = String(repeating: "f", count: 256)
        #expect(nodeError(rootRequest(#"{"type":"text","text":"x","font":{"family":""# + fits + #""}}"#)) == nil)
    }

    /// Empty sections cost an answer each: a container takes at most
    /// `ContainerLimits.maxSections`, and a nested container's sections count
    /// as elements, so a body of millions of `{}` is refused, not laid out.
    @Test func sectionsAreBoundedWhetherEmptyOrNested() throws {
        let tooMany = Array(repeating: "{}", count: ContainerLimits.maxSections + 1).joined(separator: ",")
        for engine in [makeEngine(), makeEngine(pipelined: true)] {
            let top = try respond(engine, #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"sections":[\#(tooMany)]}"#)
            #expect(top.status == 422)
            #expect(top.body["path"]?.string == "/sections/\(ContainerLimits.maxSections)")
        }
        let atLimit = Array(repeating: "{}", count: ContainerLimits.maxSections).joined(separator: ",")
        let fits = try respond(makeEngine(), #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"sections":[\#(atLimit)]}"#)
        #expect(fits.status == 200)
        let nested = #"{"type":"container","container":{"type":"table"},"sections":[\#(tooMany)]}"#
        let node = LayoutNodeEndpoint.respond(body: Array(#"{"root":\#(nested)}"#.utf8), flatten: false, textMeasurer: nil)
        #expect(node.status == 422)
        #expect(try JSONValue.parse(node.body)["path"] == .string("/root/sections/\(ContainerLimits.maxSections)"))
        let engine = ContainerEngine(workers: 1, cacheBytes: 0, textMeasurer: nil, limits: DecodeLimits(maxElements: 50))
        let sixty = Array(repeating: "{}", count: 60).joined(separator: ",")
        let cell = try respond(engine, #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"items":[{"id":"a","node":{"type":"container","container":{"type":"table"},"sections":[\#(sixty)]}}]}"#)
        #expect(cell.status == 422)
        #expect(cell.body["path"]?.string?.hasPrefix("/items/0/node/sections/") == true)
    }

    /// Flex factors summing to infinity gave every child nothing: factors are
    /// relative, and 1e7 or more is refused at the value.
    @Test(arguments: ["flexGrow", "flexShrink"])
    func aFlexFactorPastTheSizeLimitIsRefused(key: String) throws {
        for type in ["stack", "flex"] {
            let body = #"{"root":{"type":"\#(type)","children":[{"type":"box","style":{"\#(key)":1e308}}]}}"#
            let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: false, textMeasurer: nil)
            #expect(response.status == 422)
            #expect(try JSONValue.parse(response.body)["path"] == .string("/root/children/0/style/\(key)"))
        }
        let fine = #"{"root":{"type":"stack","children":[{"type":"box","style":{"\#(key)":9999999}}]}}"#
        #expect(LayoutNodeEndpoint.respond(body: Array(fine.utf8), flatten: false, textMeasurer: nil).status == 200)
    }

    @Test func aTinyViewportAsksForABoundedPagesHint() throws {
        let body = #"{"container":{"type":"table","bounds":{"width":100,"height":1e-300}},"#
            + #""items":[{"id": "c4", "kind":"interop","size":{"width":10,"height":44}}]}"#
        let (status, json, bytes) = try respond(makeEngine(), body)
        #expect(status == 200)
        #expect(json["hints"]?["pages"]?.array?.count == ContainerLimits.maxPages)
        #expect(bytes.count < 1 << 20, "\(bytes.count) bytes from a request of \(body.utf8.count)")
    }

    /// A request holds many nested containers: each one's pages hint stops at
    /// four pages per cell (and four more), so a tiny viewport in every row
    /// cannot ask for thousands of pages a row.
    @Test func aNestedContainersPagesAreBoundedByItsCells() throws {
        let strip = #"{"type":"container","style":{"width":1,"height":1},"container":{"type":"collection","scrollDirection":"horizontal"},"items":[{"id":"a","kind":"interop","size":{"width":5000,"height":1}},{"id":"b","kind":"interop","size":{"width":5000,"height":1}}]}"#
        let rows = (0..<50).map { #"{"id":"r\#($0)","node":\#(strip)}"# }.joined(separator: ",")
        let (status, json, bytes) = try respond(
            makeEngine(), #"{"container":{"type":"table","bounds":{"width":100,"height":100}},"items":[\#(rows)]}"#)
        #expect(status == 200)
        let pages = json["sections"]?[0]?["items"]?[0]?["layout"]?["hints"]?["pages"]?.array
        #expect(pages?.count == ContainerLimits.pageLimit(nestedCells: 2))
        #expect(ContainerLimits.pageLimit(nestedCells: 2) == 12)
        #expect(json["warnings"]?.array?.contains { $0["detail"]?.string == "the pages hint stops at 12 pages" } == true)
        #expect(bytes.count < 200_000, "\(bytes.count) bytes")
    }
}
