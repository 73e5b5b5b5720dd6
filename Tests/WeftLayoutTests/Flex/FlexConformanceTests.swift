import Foundation
import Testing
import WeftLayout

/// Runs the Yoga-derived conformance fixtures in-process.
@Suite struct FlexConformanceTests {
    static var conformanceRoot: URL {
        if let path = ProcessInfo.processInfo.environment["WEFT_CONFORMANCE"] {
            return URL(fileURLWithPath: path)
        }
        // Tests/WeftLayoutTests/Flex/<file> -> the package -> ../shared/conformance
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance")
    }

    static func isAvailable(_ suite: String) -> Bool {
        FileManager.default.fileExists(atPath: conformanceRoot.appendingPathComponent(suite).path)
    }

    static func run(_ suite: String, measurer: FlexAhemMeasurer = FlexAhemMeasurer()) throws -> (passed: Int, total: Int, failures: [String]) {
        let folder = conformanceRoot.appendingPathComponent(suite)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var passed = 0
        var failures: [String] = []
        for file in files {
            let fixture = try FlexFixture(contentsOf: folder.appendingPathComponent(file))
            let context = LayoutContext(
                pointScale: fixture.pointScale, direction: fixture.direction, textMeasurer: measurer)
            let node = LayoutEngine.layout(fixture.root, in: fixture.range, context: context)
            if let problem = fixture.check(node) {
                failures.append("\(fixture.name): \(problem)")
            } else {
                passed += 1
            }
        }
        return (passed, files.count, failures)
    }

    @Test(.enabled(if: isAvailable("yoga"), "no fixtures at ../shared/conformance/yoga"))
    func yogaSuite() throws {
        let result = try FlexConformanceTests.run("yoga")
        print("yoga: \(result.passed)/\(result.total) passed")
        for f in result.failures { print("FAIL \(f)") }
        #expect(result.total > 0)
        #expect(Double(result.passed) >= 0.99 * Double(result.total))
    }

    /// With Weft's text model (overflow-wrap: anywhere): the one case whose
    /// text has words longer than its 50 pt line differs from Chrome's
    /// rendering, which let them overflow.
    @Test(.enabled(if: isAvailable("yoga-text"), "no fixtures at ../shared/conformance/yoga-text"))
    func yogaTextSuite() throws {
        let result = try FlexConformanceTests.run("yoga-text")
        print("yoga-text: \(result.passed)/\(result.total) passed")
        for f in result.failures { print("FAIL \(f)") }
        #expect(result.total > 0)
        #expect(Double(result.passed) >= 0.9 * Double(result.total))
    }

    /// With the text rendered as the fixtures' browser page did.
    @Test(.enabled(if: isAvailable("yoga-text"), "no fixtures at ../shared/conformance/yoga-text"))
    func yogaTextSuiteOverflowWrapNormal() throws {
        let result = try FlexConformanceTests.run("yoga-text", measurer: FlexAhemMeasurer(breaksLongWords: false))
        print("yoga-text (overflow-wrap: normal): \(result.passed)/\(result.total) passed")
        for f in result.failures { print("FAIL \(f)") }
        #expect(result.passed == result.total)
    }
}

/// Debugging aid: `WEFT_FIXTURE=<suite>/<name> swift test --filter FlexFixtureDump`.
@Suite struct FlexFixtureDump {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["WEFT_FIXTURE"] != nil))
    func dump() throws {
        let name = ProcessInfo.processInfo.environment["WEFT_FIXTURE"]!
        let url = FlexConformanceTests.conformanceRoot.appendingPathComponent(name + ".json")
        let fixture = try FlexFixture(contentsOf: url)
        let context = LayoutContext(pointScale: fixture.pointScale, direction: fixture.direction, textMeasurer: FlexAhemMeasurer())
        let node = LayoutEngine.layout(fixture.root, in: fixture.range, context: context)
        func walk(_ e: Element, _ n: LayoutNode, _ origin: Point, _ indent: String) {
            let x = origin.x + n.frame.x, y = origin.y + n.frame.y
            let want = fixture.expectedFrames[e.id ?? ""].map { "\($0)" } ?? "-"
            print("\(indent)\(e.id ?? "?") got [\(x), \(y), \(n.frame.width), \(n.frame.height)] want \(want)")
            for (ce, cn) in zip(e.children, n.children) { walk(ce, cn, Point(x: x, y: y), indent + "  ") }
        }
        walk(fixture.root, node, .zero, "")
    }
}
