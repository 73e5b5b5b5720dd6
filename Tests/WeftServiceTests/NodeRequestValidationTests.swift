import Testing
import WeftLayout

@testable import WeftService

/// One contract violation: the request, and the problem and path it must give.
struct Violation: Sendable, CustomTestStringConvertible {
    var request: String
    var problem: ProblemType
    var path: String

    init(_ request: String, _ problem: ProblemType, _ path: String) {
        self.request = request
        self.problem = problem
        self.path = path
    }

    /// A violation inside the root element.
    static func root(_ element: String, _ problem: ProblemType, _ path: String) -> Violation {
        Violation(rootRequest(element), problem, path)
    }

    var testDescription: String { "\(path) \(problem.rawValue)" }
}

@Suite("Node request: validation")
struct NodeRequestValidationTests {
    static let violations: [Violation] = [
        // Top level.
        Violation(#"{}"#, .missingField, ""),
        Violation(#"[]"#, .invalidType, ""),
        Violation(#"{"root": {"type": "box"}, "rooot": 1}"#, .unknownKey, "/rooot"),
        Violation(#"{"root": {"type": "box"}, "pointScale": 17}"#, .invalidValue, "/pointScale"),
        Violation(#"{"root": {"type": "box"}, "pointScale": -1}"#, .invalidValue, "/pointScale"),
        Violation(#"{"root": {"type": "box"}, "pointScale": "2"}"#, .invalidType, "/pointScale"),
        // Below a quarter a pixel is wider than sensible elements (a 10-point box was 1e300 wide at 1e-300).
        Violation(#"{"root": {"type": "box"}, "pointScale": 0.2}"#, .invalidValue, "/pointScale"),
        Violation(#"{"root": {"type": "box"}, "pointScale": 1e-300}"#, .invalidValue, "/pointScale"),
        Violation(#"{"root": {"type": "box"}, "pointScale": 5e-324}"#, .invalidValue, "/pointScale"),
        Violation(#"{"root": {"type": "box"}, "direction": "up"}"#, .unknownToken, "/direction"),
        Violation(#"{"root": {"type": "box"}, "sizeRange": {"min": {"width": 10}, "max": {"width": 5}}}"#,
            .invalidValue, "/sizeRange/min/width"),
        Violation(#"{"root": {"type": "box"}, "sizeRange": {"min": {"height": 10}, "max": {"height": 5}}}"#,
            .invalidValue, "/sizeRange/min/height"),
        Violation(#"{"root": {"type": "box"}, "sizeRange": {"max": {"width": -1}}}"#,
            .invalidValue, "/sizeRange/max/width"),
        Violation(#"{"root": {"type": "box"}, "sizeRange": {"max": {"depth": 1}}}"#,
            .unknownKey, "/sizeRange/max/depth"),
        Violation(#"{"root": {"type": "box"}, "sizeRange": {"max": {"width": 1e999}}}"#,
            .invalidValue, "/sizeRange/max/width"),
        // Elements.
        .root(#"{"id": "a"}"#, .missingField, "/root"),
        .root(#"{"type": "stak"}"#, .unknownElementType, "/root/type"),
        .root(#"{"type": 3}"#, .invalidType, "/root/type"),
        .root(#"{"type": "box", "child": {"type": "box"}}"#, .unknownKey, "/root/child"),
        .root(#"{"child": {"type": "box"}, "type": "box"}"#, .unknownKey, "/root/child"),
        .root(#"{"type": "box", "colour": "red"}"#, .unknownKey, "/root/colour"),
        .root(#"{"type": "box", "type": "box"}"#, .invalidValue, "/root/type"),
        .root(#"{"type": "box", "id": 7}"#, .invalidType, "/root/id"),
        .root(#"{"type": "stack", "children": [{"type": "box", "id": "a"}, {"type": "box", "id": "a"}]}"#,
            .duplicateID, "/root/children/1/id"),
        .root(#"{"type": "inset", "id": "a", "child": {"type": "box", "id": "a"}}"#, .duplicateID, "/root/child/id"),
        .root(#"{"type": "stack", "children": {"type": "box"}}"#, .invalidType, "/root/children"),
        .root(#"{"type": "stack", "children": [{"type": "box"}, 3]}"#, .invalidType, "/root/children/1"),
        .root(#"{"type": "stack", "direction": "diagonal"}"#, .unknownToken, "/root/direction"),
        .root(#"{"type": "stack", "alignItems": "baseline-middle"}"#, .unknownToken, "/root/alignItems"),
        .root(#"{"type": "stack", "spacing": "8"}"#, .invalidType, "/root/spacing"),
        .root(#"{"type": "inset"}"#, .missingField, "/root"),
        .root(#"{"type": "overlay", "overlay": {"type": "box"}}"#, .missingField, "/root"),
        .root(#"{"type": "background", "background": {"type": "box"}}"#, .missingField, "/root"),
        .root(#"{"type": "center"}"#, .missingField, "/root"),
        .root(#"{"type": "relative"}"#, .missingField, "/root"),
        .root(#"{"type": "corner", "child": {"type": "box"}}"#, .missingField, "/root"),
        .root(#"{"type": "corner", "corner": {"type": "box"}}"#, .missingField, "/root"),
        .root(#"{"type": "ratio", "child": {"type": "box"}}"#, .missingField, "/root"),
        .root(#"{"type": "ratio", "ratio": 0, "child": {"type": "box"}}"#, .invalidValue, "/root/ratio"),
        .root(#"{"type": "ratio", "ratio": -2, "child": {"type": "box"}}"#, .invalidValue, "/root/ratio"),
        .root(#"{"type": "text"}"#, .missingField, "/root"),
        .root(#"{"type": "text", "text": "a", "maxLines": 1.5}"#, .invalidValue, "/root/maxLines"),
        .root(#"{"type": "text", "text": "a", "maxLines": -1}"#, .invalidValue, "/root/maxLines"),
        .root(#"{"type": "text", "text": "a", "font": {"size": -1}}"#, .invalidValue, "/root/font/size"),
        .root(#"{"type": "text", "text": "a", "font": {"weight": 0}}"#, .invalidValue, "/root/font/weight"),
        .root(#"{"type": "text", "text": "a", "font": {"weight": "heavy"}}"#, .unknownToken, "/root/font/weight"),
        .root(#"{"type": "text", "text": "a", "font": {"style": "oblique"}}"#, .unknownToken, "/root/font/style"),
        .root(#"{"type": "text", "text": "a", "truncation": "end"}"#, .unknownToken, "/root/truncation"),
        .root(#"{"type": "text", "text": "a", "overflowWrap": "break-all"}"#, .unknownToken, "/root/overflowWrap"),
        .root(#"{"type": "box", "overflowWrap": "normal"}"#, .unknownKey, "/root/overflowWrap"),
        .root(#"{"type": "text", "text": "a", "lineHeight": -2}"#, .invalidValue, "/root/lineHeight"),
        .root(#"{"type": "image", "intrinsicSize": {"width": -3}}"#, .invalidValue, "/root/intrinsicSize/width"),
        .root(#"{"type": "inset", "insets": {"top": "1"}, "child": {"type": "box"}}"#, .invalidType, "/root/insets/top"),
        .root(#"{"type": "inset", "insets": {"middle": 1}, "child": {"type": "box"}}"#, .unknownKey, "/root/insets/middle"),
        .root(#"{"type": "corner", "offset": {"x": "1"}, "child": {"type": "box"}, "corner": {"type": "box"}}"#,
            .invalidType, "/root/offset/x"),
        .root(#"{"type": "corner", "wrapsCorner": 1, "child": {"type": "box"}, "corner": {"type": "box"}}"#,
            .invalidType, "/root/wrapsCorner"),
        .root(#"{"type": "center", "centeringOptions": "z", "child": {"type": "box"}}"#,
            .unknownToken, "/root/centeringOptions"),
        // Style.
        .root(#"{"type": "box", "style": {"width": -1}}"#, .invalidValue, "/root/style/width"),
        .root(#"{"type": "box", "style": {"minHeight": "-5%"}}"#, .invalidValue, "/root/style/minHeight"),
        .root(#"{"type": "box", "style": {"width": "10px"}}"#, .unknownToken, "/root/style/width"),
        // A percentage is the number and its sign, nothing around them.
        .root(#"{"type": "flex", "style": {"width": " 50%"}}"#, .unknownToken, "/root/style/width"),
        .root(#"{"type": "flex", "style": {"width": "\n50%"}}"#, .unknownToken, "/root/style/width"),
        .root(#"{"type": "flex", "style": {"padding": {"left": "\t5%"}}}"#, .unknownToken, "/root/style/padding/left"),
        .root(#"{"type": "flex", "style": {"width": "-0%"}}"#, .invalidValue, "/root/style/width"),
        .root(#"{"type": "flex", "style": {"width": "1e400%"}}"#, .invalidValue, "/root/style/width"),
        .root(#"{"type": "box", "style": {"width": true}}"#, .invalidType, "/root/style/width"),
        .root(#"{"type": "box", "style": {"width": "max-content"}}"#, .invalidValue, "/root/style/width"),
        .root(#"{"type": "stack", "children": [{"type": "box", "style": {"height": "stretch"}}]}"#,
            .invalidValue, "/root/children/0/style/height"),
        .root(#"{"type": "box", "style": {"preferredSize": {"width": -1, "height": 2}}}"#,
            .invalidValue, "/root/style/preferredSize/width"),
        // Texture has no valid size from 1e7 points up (ASPointsValidForSize).
        .root(#"{"type": "box", "style": {"width": 20000000, "height": 10}}"#, .invalidValue, "/root/style/width"),
        .root(#"{"type": "stack", "children": [{"type": "box", "style": {"preferredSize": {"width": 1, "height": 1e7}}}]}"#,
            .invalidValue, "/root/children/0/style/preferredSize/height"),
        .root(#"{"type": "box", "style": {"preferredSize": {"width": 1e7}}}"#, .invalidValue, "/root/style/preferredSize/width"),
        .root(#"{"type": "inset", "child": {"type": "box", "style": {"minHeight": 1e9}}}"#,
            .invalidValue, "/root/child/style/minHeight"),
        Violation(#"{"root": {"type": "box"}, "sizeRange": {"min": {"width": 20000000, "height": 1}}}"#,
            .invalidValue, "/sizeRange/min/width"),
        .root(#"{"type": "box", "style": {"flexGrow": -1}}"#, .invalidValue, "/root/style/flexGrow"),
        .root(#"{"type": "box", "style": {"flexShrink": -0.5}}"#, .invalidValue, "/root/style/flexShrink"),
        .root(#"{"type": "box", "style": {"flexBasis": -3}}"#, .invalidValue, "/root/style/flexBasis"),
        .root(#"{"type": "flex", "style": {"padding": {"left": -1}}}"#, .invalidValue, "/root/style/padding/left"),
        .root(#"{"type": "flex", "style": {"padding": "auto"}}"#, .unknownToken, "/root/style/padding"),
        .root(#"{"type": "flex", "style": {"border": "10%"}}"#, .unknownToken, "/root/style/border"),
        .root(#"{"type": "flex", "style": {"border": {"all": -2}}}"#, .invalidValue, "/root/style/border/all"),
        .root(#"{"type": "flex", "style": {"margin": {"center": 1}}}"#, .unknownKey, "/root/style/margin/center"),
        .root(#"{"type": "flex", "style": {"gap": -1}}"#, .invalidValue, "/root/style/gap"),
        .root(#"{"type": "flex", "style": {"rowGap": "auto"}}"#, .unknownToken, "/root/style/rowGap"),
        .root(#"{"type": "flex", "style": {"aspectRatio": -1}}"#, .invalidValue, "/root/style/aspectRatio"),
        .root(#"{"type": "flex", "style": {"flexDirection": "horizontal"}}"#, .unknownToken, "/root/style/flexDirection"),
        .root(#"{"type": "flex", "style": {"justifyContent": "spaceBetween"}}"#,
            .unknownToken, "/root/style/justifyContent"),
        .root(#"{"type": "flex", "style": {"flexWrap": "noWrap"}}"#, .unknownToken, "/root/style/flexWrap"),
        .root(#"{"type": "flex", "style": {"display": "block"}}"#, .unknownToken, "/root/style/display"),
        .root(#"{"type": "flex", "style": {"colour": 1}}"#, .unknownKey, "/root/style/colour"),
        .root(#"{"type": "flex", "style": {"a/b~c": 1}}"#, .unknownKey, "/root/style/a~1b~0c"),
        .root(#"{"type": "box", "style": {"layoutPosition": {"x": 1, "z": 2}}}"#,
            .unknownKey, "/root/style/layoutPosition/z"),
        // alignSelf in the parent's vocabulary.
        .root(#"{"type": "stack", "children": [{"type": "box", "style": {"alignSelf": "baseline"}}]}"#,
            .unknownToken, "/root/children/0/style/alignSelf"),
        .root(#"{"children": [{"type": "box"}, {"type": "box", "style": {"alignSelf": "space-between"}}], "type": "flex"}"#,
            .unknownToken, "/root/children/1/style/alignSelf"),
        .root(#"{"type": "inset", "child": {"type": "box", "style": {"alignSelf": "baseline"}}}"#,
            .unknownToken, "/root/child/style/alignSelf"),
        .root(#"{"type": "stack", "children": [{"type": "box", "style": {"alignSelf": 1}}]}"#,
            .invalidType, "/root/children/0/style/alignSelf"),
        // Deep paths.
        .root(
            #"{"type": "stack", "children": [{"type": "box"}, {"type": "background", "child": {"type": "inset", "#
                + #""child": {"type": "box", "style": {"width": -1}}}}]}"#,
            .invalidValue, "/root/children/1/child/child/style/width"),
    ]

    @Test(arguments: violations)
    func reportsTheProblemAndPath(_ violation: Violation) throws {
        let error = try #require(nodeError(violation.request), "decoded without an error")
        #expect(error.problem == violation.problem, "\(error.detail)")
        #expect(error.path.description == violation.path, "\(error.detail)")
        #expect(error.problem.status == 422)
        #expect(error.location == nil)
    }

    // Yoga lays out any finite size: a flex element and a flex item keep theirs,
    // and a maximum that large only means "no cap".
    @Test func hugeSizesAreYogas() throws {
        for element in [
            #"{"type": "flex", "style": {"width": 20000000, "height": 10}}"#,
            #"{"type": "flex", "children": [{"type": "box", "style": {"width": 20000000, "height": 10}}]}"#,
            #"{"type": "box", "style": {"maxWidth": 1e9, "width": 10, "height": 10}}"#,
        ] {
            #expect(nodeError(rootRequest(element)) == nil, "\(element)")
        }
    }

    @Test func acceptsTheScalesOfScreensAndZoomedPages() throws {
        for scale in ["0", "0.25", "0.9", "1", "3", "16"] {
            #expect(nodeError(#"{"root": {"type": "box"}, "pointScale": \#(scale)}"#) == nil, "\(scale)")
        }
    }

    // A string truncation token is held to a text's limit, as a list of spans is.
    @Test func limitsTheTruncationToken() throws {
        let limit = TextContent.maxTextBytes
        let fits = String(repeating: "b", count: limit)
        #expect(nodeError(rootRequest(#"{"type": "text", "text": "a", "truncationText": "\#(fits)"}"#)) == nil)
        for token in [#""\#(fits)b""#, #"[{"text": "\#(fits)b"}]"#] {
            let error = try #require(nodeError(rootRequest(#"{"type": "text", "text": "a", "truncationText": \#(token)}"#)))
            #expect(error.problem == .limitExceeded)
            #expect(error.path.description.hasPrefix("/root/truncationText"), "\(error.path)")
        }
    }

    // Every new family is a font lookup: a tree names at most so many, at the
    // text (or span) that names one more.
    @Test func limitsTheFontFamiliesOfATree() throws {
        let limit = DecodeLimits.maxFontFamilies
        func text(_ k: Int) -> String { #"{"type": "text", "text": "a", "font": {"family": "Made Up \#(k)"}}"# }
        func stack(_ count: Int) -> String {
            #"{"type": "stack", "children": [\#((0..<count).map(text).joined(separator: ","))]}"#
        }
        #expect(nodeError(rootRequest(stack(limit))) == nil)
        let error = try #require(nodeError(rootRequest(stack(limit + 1))))
        #expect(error.problem == .limitExceeded)
        #expect(error.path.description == "/root/children/\(limit)/font/family", "\(error.path)")
        // The same family again costs nothing.
        let repeated = #"{"type": "stack", "children": [\#(Array(repeating: text(1), count: 3 * limit).joined(separator: ","))]}"#
        #expect(nodeError(rootRequest(repeated)) == nil)
        let spans = (0...limit).map { #"{"text": "a", "font": {"family": "Span \#($0)"}}"# }.joined(separator: ",")
        let spanError = try #require(nodeError(rootRequest(#"{"type": "text", "spans": [\#(spans)]}"#)))
        #expect(spanError.problem == .limitExceeded)
        #expect(spanError.path.description.hasPrefix("/root/spans/"), "\(spanError.path)")
        #expect(spanError.path.description.hasSuffix("/font/family"), "\(spanError.path)")
    }

    // A detail quotes a client's value by its first 80 characters.
    @Test func quotesLongValuesShort() throws {
        let long = String(repeating: "k", count: 100_000)
        for element in [#"{"type": "box", "\#(long)": 1}"#, #"{"type": "stack", "direction": "\#(long)"}"#,
                        #"{"type": "\#(long)"}"#] {
            let error = try #require(nodeError(rootRequest(element)))
            #expect(error.detail.count < 400, "\(error.detail.prefix(100))")
            #expect(error.detail.contains(String(repeating: "k", count: 80) + "…"))
        }
    }

    /// Details read as English, and say what is wrong with the value.
    @Test func detailsNameTheFaultPlainly() throws {
        #expect(try #require(nodeError(rootRequest(#"{"type": "inset"}"#))).detail == #"an inset element needs "child""#)
        let zero = try #require(nodeError(rootRequest(#"{"type": "flex", "style": {"padding": "-0%"}}"#)))
        #expect(zero.detail.contains("takes no sign"), "\(zero.detail)")
        let negative = try #require(nodeError(rootRequest(#"{"type": "flex", "style": {"padding": "-5%"}}"#)))
        #expect(negative.detail.contains("must not be negative"), "\(negative.detail)")
    }

    @Test func namesTheAcceptedTokens() throws {
        let error = try #require(nodeError(rootRequest(#"{"type": "stack", "justifyContent": "middle"}"#)))
        for token in ["start", "center", "end", "spaceBetween", "spaceAround", "flex-start", "space-between"] {
            #expect(error.detail.contains("\"\(token)\""), "\(error.detail)")
        }
        let flex = try #require(nodeError(rootRequest(#"{"type": "flex", "style": {"flexWrap": "nope"}}"#)))
        #expect(flex.detail.contains("\"wrap-reverse\""))
        #expect(!flex.detail.contains("noWrap"))
    }

    @Test func malformedJSONWinsOverContractErrors() throws {
        let error = try #require(nodeError(#"{"root": [1,}"#))
        #expect(error.problem == .malformedJSON)
        #expect(error.location != nil)
    }

    @Test func limitsElementDepth() throws {
        let depth = 12
        let nested = String(repeating: #"{"type": "inset", "child": "#, count: depth - 1) + #"{"type": "box"}"#
            + String(repeating: "}", count: depth - 1)
        let limits = DecodeLimits(maxJSONDepth: 512, maxElementDepth: depth, maxElements: 1000)
        #expect(nodeError(rootRequest(nested), limits: limits) == nil)
        let deeper = #"{"type": "inset", "child": \#(nested)}"#
        let error = try #require(nodeError(rootRequest(deeper), limits: limits))
        #expect(error.problem == .limitExceeded)
        #expect(error.path.description == "/root" + String(repeating: "/child", count: depth))
    }

    @Test func findsADuplicateAmongManyIDs() throws {
        let boxes = (0..<500).map { #"{"type": "box", "id": "box-\#($0)"}"# }
        let unique = rootRequest(#"{"type": "stack", "children": [\#(boxes.joined(separator: ","))]}"#)
        #expect(nodeError(unique) == nil)
        let repeated = boxes + [#"{"type": "box", "id": "box-123"}"#]
        let duplicate = rootRequest(#"{"type": "stack", "children": [\#(repeated.joined(separator: ","))]}"#)
        let error = try #require(nodeError(duplicate))
        #expect(error.problem == .duplicateID)
        #expect(error.path.description == "/root/children/500/id")
    }

    @Test func limitsElementCount() throws {
        let boxes = Array(repeating: #"{"type": "box"}"#, count: 10).joined(separator: ",")
        let request = rootRequest(#"{"type": "stack", "children": [\#(boxes)]}"#)
        #expect(nodeError(request, limits: DecodeLimits(maxElements: 11)) == nil)
        let error = try #require(nodeError(request, limits: DecodeLimits(maxElements: 10)))
        #expect(error.problem == .limitExceeded)
        #expect(error.path.description == "/root/children/9")
    }

    @Test func refusesDeepElementTreesWithoutCrashing() throws {
        let depth = 20_000
        let nested = String(repeating: #"{"type": "stack", "children": ["#, count: depth) + #"{"type": "box"}"#
            + String(repeating: "]}", count: depth)
        let response = LayoutNodeEndpoint.respond(body: Array(rootRequest(nested).utf8), flatten: false, textMeasurer: nil)
        #expect((400..<500).contains(response.status))
    }

    @Test func decodesTreesAtTheDepthLimit() throws {
        let depth = DecodeLimits.standard.maxElementDepth
        // Inset chains: one JSON level per element, so the element limit is what bites.
        let nested = String(repeating: #"{"type": "inset", "child": "#, count: depth - 1) + #"{"type": "box", "id": "leaf"}"#
            + String(repeating: "}", count: depth - 1)
        var element = try decodeRoot(nested)
        var levels = 1
        while let child = element.children.first {
            element = child
            levels += 1
        }
        #expect(levels == depth)
        #expect(element.id == "leaf")
        let deeper = #"{"type": "inset", "child": \#(nested)}"#
        #expect(nodeError(rootRequest(deeper))?.problem == .limitExceeded)
    }

    /// Layout and encoding recurse per element level: a tree at the limit
    /// must still be served (here on a test thread's small stack).
    @Test func servesTreesAtTheDepthLimit() throws {
        let depth = DecodeLimits.standard.maxElementDepth
        let insets = String(repeating: #"{"type": "inset", "child": "#, count: depth - 1) + #"{"type": "box"}"#
            + String(repeating: "}", count: depth - 1)
        // A stack level is two JSON levels deep, so the JSON limit allows one element less.
        let stacks = String(repeating: #"{"type": "stack", "children": ["#, count: depth - 2) + #"{"type": "box"}"#
            + String(repeating: "]}", count: depth - 2)
        for tree in [insets, stacks] {
            let response = LayoutNodeEndpoint.respond(body: Array(rootRequest(tree).utf8), flatten: true, textMeasurer: nil)
            #expect(response.status == 200)
        }
    }

    @Test func servesOrRefusesAHugeFlatTree() throws {
        // A 5 MB array of boxes: more elements than the documented limit.
        let count = 5_000_000 / 16
        var body = Array(#"{"root": {"type": "stack", "children": ["#.utf8)
        body.reserveCapacity(count * 16 + 64)
        for i in 0..<count {
            if i > 0 { body.append(UInt8(ascii: ",")) }
            body.append(contentsOf: #"{"type": "box"}"#.utf8)
        }
        body.append(contentsOf: "]}}".utf8)
        let response = LayoutNodeEndpoint.respond(body: body, flatten: false, textMeasurer: nil)
        if count > DecodeLimits.standard.maxElements {
            #expect(response.status == 422)
        } else {
            #expect(response.status == 200)
        }
    }
}
