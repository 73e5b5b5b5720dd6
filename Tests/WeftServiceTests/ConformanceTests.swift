import Testing
import WeftLayout
import WeftText

@testable import WeftService

/// One test per conformance suite; adding a suite is one more function.
/// A suite whose folder is absent is skipped (the message says where it was looked for).
@Suite("Conformance (in-process)")
struct ConformanceTests {
    @Test(.enabled(if: Conformance.isAvailable("texture"), "no fixtures at ../shared/conformance/texture"))
    func texture() throws {
        try expectPasses("texture")
    }

    /// Chromium-measured text, through the real font stack.
    @Test(.enabled(if: Conformance.isAvailable("text"), "no fixtures at ../shared/conformance/text"))
    func text() throws {
        try expectPasses("text", textMeasurer: WeftTextMeasurer.shared, floor: 0.97)
    }

    @Test(.enabled(if: Conformance.isAvailable("yoga"), "no fixtures at ../shared/conformance/yoga"))
    func yoga() throws {
        try expectPasses("yoga")
    }

    /// Yoga's text tests, in Ahem through the real font stack.
    @Test(.enabled(if: Conformance.isAvailable("yoga-text"), "no fixtures at ../shared/conformance/yoga-text"))
    func yogaText() throws {
        try expectPasses("yoga-text", textMeasurer: WeftTextMeasurer.shared)
    }

    /// Every request of every suite must decode, whatever the engines do with it.
    @Test(
        .enabled(if: Conformance.isAvailable("."), "no fixtures at ../shared/conformance"),
        arguments: ["texture", "yoga", "yoga-text", "text"])
    func everyFixtureDecodes(suite: String) throws {
        try #require(Conformance.isAvailable(suite), "no fixtures at ../shared/conformance/\(suite)")
        let (count, failures) = try Conformance.undecodable(suite)
        print("\(suite): \(count - failures.count) of \(count) requests decode")
        #expect(count > 0)
        let shown = failures.prefix(10).map { "\($0.name): \($0.reason)" }.joined(separator: "\n")
        #expect(failures.count == 0, Comment(rawValue: shown))
    }

    /// `floor` is the fraction of cases that must pass; 1 means all of them.
    private func expectPasses(_ suite: String, textMeasurer: (any TextMeasuring)? = nil, floor: Double = 1) throws {
        let report = try Conformance.run(suite, textMeasurer: textMeasurer)
        print(report)
        let total = report.passed + report.failures.count
        #expect(total > 0, "no fixtures found in \(suite)")
        #expect(Double(report.passed) >= floor * Double(total), Comment(rawValue: report.description))
    }
}
