import Testing
import WeftLayout

@testable import WeftText

/// The text fixtures through WeftLayout's engine with WeftText as its measurer:
/// a root `text` element in the fixture's size range (max height unbounded),
/// as `POST /v1/layout/node` will lay it out.
@Suite struct LayoutEngineTextTests {
    @Test func textFixturesThroughTheEngine() {
        let context = LayoutContext(pointScale: 0, textMeasurer: WeftTextMeasurer(cache: MeasurementCache()))
        let fixtures = TextFixture.loadTextSuite()
        var passed = 0
        for fixture in fixtures {
            let range = SizeRange(min: .zero, max: Size(width: fixture.maxWidth, height: .infinity))
            let node = LayoutEngine.layout(Element(.text(fixture.content), id: "root"), in: range, context: context)
            let ok =
                abs(node.frame.size.width - fixture.expectedSize.width) <= fixture.tolerance
                && abs(node.frame.size.height - fixture.expectedSize.height) <= fixture.tolerance
                && node.frame.origin == .zero
                && node.lineCount == fixture.expectedLineCount && node.truncated == fixture.expectedTruncated
            if ok { passed += 1 }
        }
        print("conformance/text through LayoutEngine: \(passed)/\(fixtures.count)")
        #expect(fixtures.count == TextFixture.textSuiteSize)
        #expect(Double(passed) >= 0.97 * Double(fixtures.count))
    }
}
