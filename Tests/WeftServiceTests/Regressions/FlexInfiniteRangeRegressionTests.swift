import Testing
import WeftJSON
import WeftLayout

@testable import WeftService

/// Found by the layout-tree fuzz target: a flex inside Texture specs inside a
/// flex, under a percentage of an undefined height, was offered a range whose
/// minimum is infinite and answered `"height": null`.
@Suite struct FlexInfiniteRangeRegressionTests {
    @Test func aFlexUnderAnInfiniteRangeGetsAValidSize() throws {
        let body = #"""
            {"sizeRange":{"min":{"width":320,"height":20},"max":{"width":320,"height":220}},
             "root":{"type":"flex","style":{"flexDirection":"column"},"children":[
               {"type":"wrapper","children":[{"type":"wrapper","style":{"height":"50%"},
                 "children":[{"type":"flex","style":{"height":10}}]}]}]}}
            """#
        let response = LayoutNodeEndpoint.respond(body: Array(body.utf8), flatten: true, textMeasurer: nil)
        #expect(response.status == 200)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(!text.contains("null"), Comment(rawValue: text))
        let json = try JSONValue.parse(response.body)
        for node in json["nodes"]?.array ?? [] {
            for key in ["x", "y", "width", "height"] {
                #expect(node["frame"]?[key]?.number?.isFinite == true)
            }
        }
    }
}
