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

    private func expectPasses(_ suite: String) throws {
        let report = try Conformance.run(suite)
        print(report)
        #expect(report.passed + report.failures.count > 0, "no fixtures found in \(suite)")
        #expect(report.failures.count == 0, Comment(rawValue: report.description))
    }
}
