import Testing

@testable import WeftService

/// One test per conformance suite; adding a suite is one more function.
/// A suite whose folder is absent is skipped (the message says where it was looked for).
@Suite("Conformance (in-process)")
struct ConformanceTests {
    @Test(.enabled(if: Conformance.isAvailable("texture"), "no fixtures at ../shared/conformance/texture"))
    func texture() throws {
        try expectPasses("texture")
    }

    // Other suites, once their engines land:
    @Test(.enabled(if: Conformance.isAvailable("yoga"))) func yoga() throws { try expectPasses("yoga") }

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

    private func expectPasses(_ suite: String) throws {
        let report = try Conformance.run(suite)
        print(report)
        #expect(report.passed + report.failures.count > 0, "no fixtures found in \(suite)")
        #expect(report.failures.count == 0, Comment(rawValue: report.description))
    }
}
