import Testing
import WeftLayout
import WeftText

@testable import WeftService

/// One test per conformance suite; adding a suite is one more function and one
/// more entry in `Conformance.caseCounts`. A missing suite folder fails the test.
@Suite("Conformance (in-process)")
struct ConformanceTests {
    @Test func texture() throws {
        try expectPasses("texture")
    }

    /// Chromium-measured text, through the real font stack: at least 97% must pass.
    @Test func text() throws {
        try expectPasses("text", textMeasurer: WeftTextMeasurer.shared, floor: 0.97)
    }

    @Test func yoga() throws {
        try expectPasses("yoga")
    }

    /// Yoga's text tests, in Ahem through the real font stack.
    @Test func yogaText() throws {
        try expectPasses("yoga-text", textMeasurer: WeftTextMeasurer.shared)
    }

    /// Every request of every suite must decode, whatever the engines do with it.
    @Test(arguments: ["texture", "yoga", "yoga-text", "text"])
    func everyFixtureDecodes(suite: String) throws {
        let (count, failures) = try Conformance.undecodable(suite)
        print("\(suite): \(count - failures.count) of \(count) requests decode")
        #expect(count == Conformance.caseCounts[suite])
        let shown = failures.prefix(10).map { "\($0.name): \($0.reason)" }.joined(separator: "\n")
        #expect(failures.count == 0, Comment(rawValue: shown))
    }

    /// `floor` is the fraction of cases that must pass; 1 means all of them.
    private func expectPasses(_ suite: String, textMeasurer: (any TextMeasuring)? = nil, floor: Double = 1) throws {
        let report = try Conformance.run(suite, textMeasurer: textMeasurer)
        print(report)
        let total = report.passed + report.failures.count
        #expect(total == Conformance.caseCounts[suite], "cases missing from conformance/\(suite)")
        #expect(Double(report.passed) >= floor * Double(total), Comment(rawValue: report.description))
    }
}
