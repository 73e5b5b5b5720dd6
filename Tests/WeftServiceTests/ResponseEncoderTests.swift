import Testing
import WeftJSON
import WeftLayout

@testable import WeftService

@Suite("Response encoder")
struct ResponseEncoderTests {
    private func written(_ value: Double) -> String {
        var out = JSONWriter()
        out.number(value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (44, "44"), (-12, "-12"), (0.5, "0.5"), (0.1, "0.1"), (1 / 3.0, "0.3333333333333333"),
        (123456789, "123456789"), (Double.infinity, "null"), (Double.nan, "null"), (10, "10"), (100, "100"),
        (-1000, "-1000"), (99, "99"), (101, "101"), (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000"),
        (9_007_199_254_740_991, "9007199254740991"), (1e16, "1e+16"), (-1e17, "-1e+17"),
        (-0.25, "-0.25"),
    ] as [(Double, String)])
    func writesNumbers(value: Double, expected: String) {
        #expect(written(value) == expected)
    }

    @Test func writesEveryIntegerOfARangeExactly() throws {
        for value in stride(from: -2_000, through: 2_000, by: 7) {
            #expect(written(Double(value)) == String(value))
        }
        for exponent in 0..<16 {
            var power = 1
            for _ in 0..<exponent { power *= 10 }
            #expect(written(Double(power)) == String(power))
            #expect(written(Double(power - 1)) == String(power - 1))
        }
    }

    @Test(arguments: [0.1, 1e-7, 2.5e20, 1e300, Double.leastNonzeroMagnitude, 0.30000000000000004, 1234.5678, -7.25, 4503599627370497.0])
    func numbersRoundTrip(value: Double) throws {
        let text = written(value)
        #expect(try parseJSON(text).number?.bitPattern == value.bitPattern)
    }

    @Test func escapesStrings() throws {
        let original = "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀 /"
        var out = JSONWriter()
        out.string(original)
        #expect(try JSONValue.parse(out.bytes) == .string(original))
        #expect(!out.bytes.contains(0x07))
    }

    private func respond(_ request: String, flatten: Bool = false) throws -> JSONValue {
        let response = LayoutNodeEndpoint.respond(body: Array(request.utf8), flatten: flatten, textMeasurer: nil)
        #expect(response.status == 200)
        #expect(response.contentType == "application/json")
        return try JSONValue.parse(response.body)
    }

    @Test func mirrorsTheElementTree() throws {
        let request = rootRequest(
            #"{"type": "background", "id": "root", "background": {"type": "box", "id": "bg"}, "#
                + #""child": {"type": "inset", "insets": {"top": 1}, "child": {"type": "box", "id": "leaf", "#
                + #""style": {"width": 10, "height": 20}}}}"#)
        let response = try respond(request)
        let layout = try #require(response["layout"])
        #expect(layout["type"] == .string("background"))
        #expect(layout["id"] == .string("root"))
        let children = try #require(layout["children"]?.array)
        #expect(children.map { $0["type"]?.string } == ["box", "inset"])
        #expect(children[0]["id"] == .string("bg"))
        #expect(children[0]["children"] == nil)
        #expect(children[1]["id"] == nil)
        #expect(children[1]["children"]?[0]?["id"] == .string("leaf"))
        for node in [layout, children[0], children[1]] {
            let frame = try #require(node["frame"])
            #expect(frame.members?.map(\.key) == ["x", "y", "width", "height"])
        }
        #expect(response["size"]?.members?.map(\.key) == ["width", "height"])
        #expect(response["warnings"] == .array([]))
        #expect(response["nodes"] == nil)
    }

    @Test func flattensIntoRootCoordinatesInZOrder() throws {
        // The frames come from the engine; whatever they are, `nodes` must be
        // their sums down the tree, in pre-order.
        let request = rootRequest(
            #"{"type": "overlay", "id": "o", "child": {"type": "inset", "insets": {"top": 5, "left": 7}, "#
                + #""child": {"type": "box", "id": "in", "style": {"width": 10, "height": 10}}}, "#
                + #""overlay": {"type": "box", "id": "over"}}"#)
        let response = try respond(request, flatten: true)
        let nodes = try #require(response["nodes"]?.array)
        #expect(nodes.map { $0["id"]?.string } == ["o", "in", "over"])
        let layout = try #require(response["layout"])
        func frame(_ node: JSONValue?) -> [Double] {
            ["x", "y", "width", "height"].map { node?["frame"]?[$0]?.number ?? .nan }
        }
        let root = frame(layout)
        let inset = frame(layout["children"]?[0])
        let leaf = frame(layout["children"]?[0]?["children"]?[0])
        let expectedLeaf = [root[0] + inset[0] + leaf[0], root[1] + inset[1] + leaf[1], leaf[2], leaf[3]]
        #expect(frame(nodes[1]) == expectedLeaf)
        #expect(frame(nodes[0]) == root)
    }

    @Test func warnsAboutViewsWithoutPreferredSize() throws {
        let request = rootRequest(
            #"{"type": "stack", "children": [{"type": "view", "style": {"preferredSize": {"width": 1, "height": 2}}}, "#
                + #"{"type": "view", "style": {"width": 5}}, {"type": "inset", "child": {"type": "view"}}]}"#)
        let response = try respond(request)
        let warnings = try #require(response["warnings"]?.array)
        #expect(warnings.map { $0["path"]?.string } == ["/root/children/1", "/root/children/2/child"])
        #expect(warnings.allSatisfy { ($0["detail"]?.string ?? "").contains("preferredSize") })
    }

    @Test func textNodesCarryLineCountAndTruncated() throws {
        let response = try respond(rootRequest(#"{"type": "text", "text": "hello"}"#))
        #expect(response["layout"]?["lineCount"]?.number != nil)
        #expect(response["layout"]?["truncated"]?.bool != nil)
        let box = try respond(rootRequest(#"{"type": "box"}"#))
        #expect(box["layout"]?["lineCount"] == nil)
    }

    @Test func problemsAreRFC9457() throws {
        let response = LayoutNodeEndpoint.respond(
            body: Array(rootRequest(#"{"type": "box", "style": {"width": -1}}"#).utf8), flatten: false, textMeasurer: nil)
        #expect(response.status == 422)
        #expect(response.contentType == "application/problem+json")
        let problem = try JSONValue.parse(response.body)
        #expect(problem.members?.map(\.key) == ["type", "title", "status", "detail", "path"])
        #expect(problem["type"] == .string("https://weft.dev/problems/invalid-value"))
        #expect(problem["status"] == .number(422))
        #expect(problem["path"] == .string("/root/style/width"))

        let malformed = LayoutNodeEndpoint.respond(body: Array("{\n\"root\": }".utf8), flatten: false, textMeasurer: nil)
        #expect(malformed.status == 400)
        let syntax = try JSONValue.parse(malformed.body)
        #expect(syntax["type"] == .string("https://weft.dev/problems/malformed-json"))
        #expect(syntax["line"] == .number(2))
        #expect(syntax["column"] == .number(9))
        #expect(syntax["path"] == nil)
    }

    @Test func everyProblemTypeHasADistinctURIAndAnErrorStatus() {
        let uris = Set(ProblemType.allCases.map(\.uri))
        #expect(uris.count == ProblemType.allCases.count)
        #expect(ProblemType.allCases.allSatisfy { $0.status >= 400 && $0.status < 600 && !$0.title.isEmpty })
        let response = Problem(.methodNotAllowed, detail: "use POST").response(headers: [("Allow", "POST")])
        #expect(response.status == 405)
        #expect(response.headers.first?.name == "Allow")
    }
}
