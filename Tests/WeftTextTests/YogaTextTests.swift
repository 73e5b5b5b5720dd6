import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// conformance/yoga-text: Yoga tests whose leaves are Ahem text. Flex layout is
/// not WeftText's, so this checks the text half of each case: a Yoga measure
/// function built on the measurer (width: `Exactly` as given, `AtMost`
/// min(one-line width, available); height: the text wrapped at that width,
/// clamped by the node's height limits) gives the leaf's expected frame.
@Suite struct YogaTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let content: TextContent
        let width: Double?
        let maxWidth: Double?
        let height: Double?
        let maxHeight: Double?
        let containerWidth: Double
        let expectedSize: Size
        var testDescription: String { name }
    }

    static func cases() -> [Case] {
        let directory = TextFixture.conformanceDirectory.appendingPathComponent("yoga-text")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let root = (json["request"] as? [String: Any])?["root"] as? [String: Any],
                let child = (root["children"] as? [[String: Any]])?.first,
                let id = child["id"] as? String,
                let frame = ((json["expected"] as? [String: Any])?["frames"] as? [String: Any])?[id] as? [Double]
            else { return nil }
            let style = child["style"] as? [String: Any] ?? [:]
            // The leaf is a flex item, which wraps by CSS initial values.
            var content = TextFixture.textContent(child)
            content.overflowWrap = .default(inFlex: true)
            return Case(
                name: name, content: content, width: style["width"] as? Double,
                maxWidth: style["maxWidth"] as? Double, height: style["height"] as? Double,
                maxHeight: style["maxHeight"] as? Double,
                containerWidth: TextFixture.number((root["style"] as? [String: Any])?["width"], .infinity),
                expectedSize: Size(width: frame[2], height: frame[3]))
        }
    }

    @Test func suiteIsPresent() {
        #expect(Self.cases().count == 20)
    }

    @Test(arguments: cases())
    func textLeafSize(_ testCase: Case) {
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        let oneLine = measurer.measure(testCase.content, maxWidth: .infinity, maxHeight: .infinity).size.width
        let width: Double
        if let fixed = testCase.width {
            width = fixed
        } else {
            width = min(oneLine, testCase.maxWidth ?? testCase.containerWidth)
        }
        var height = measurer.measure(testCase.content, maxWidth: width, maxHeight: .infinity).size.height
        if let fixed = testCase.height { height = fixed }
        if let maxHeight = testCase.maxHeight { height = min(height, maxHeight) }
        let measured = Size(width: width, height: height)
        #expect(measured == testCase.expectedSize)
    }

    /// The one case whose words are longer than its 50 pt line tells the two
    /// wrapping rules apart: Chrome (and Yoga's measure function) let them overflow.
    @Test func longWordsOverflowOnlyInAFlexItem() throws {
        let column = try #require(Self.cases().first { $0.name.contains("max_width_max_height_column__ltr") })
        let measurer = WeftTextMeasurer(cache: MeasurementCache())
        var content = column.content
        content.overflowWrap = nil
        let textSuiteModel = measurer.measure(content, maxWidth: 50, maxHeight: .infinity)
        content.overflowWrap = .default(inFlex: true)
        let flexItem = measurer.measure(content, maxWidth: 50, maxHeight: .infinity)
        #expect(flexItem.size.height == column.expectedSize.height)
        #expect(textSuiteModel.lineCount > flexItem.lineCount)
    }
}
