import Foundation
import Testing
import WeftJSON
import WeftLayout

@testable import WeftService

/// Runs the fixtures of `conformance/<suite>` in-process through
/// `LayoutNodeEndpoint`, judging them as `scripts/blackbox.py` does: a 200
/// answer, frames summed down the tree to root coordinates, matched by id,
/// within the fixture's tolerance; then `size`, and the root's lineCount /
/// truncated when the fixture pins them.
enum Conformance {
    /// `<package>/conformance`, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance")

    /// How many cases each suite holds (conformance/README.md): a suite that
    /// lost cases, or a folder that went missing, fails instead of passing on less.
    static let caseCounts: [String: Int] = ["texture": 119, "yoga": 1062, "yoga-text": 20, "text": 421]

    struct MissingSuite: Error, CustomStringConvertible {
        let path: String
        var description: String { "no conformance fixtures at \(path)" }
    }

    static func directory(_ suite: String) throws -> URL {
        let url = root.appendingPathComponent(suite)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MissingSuite(path: url.path)
        }
        return url
    }

    /// The suite's fixture files, sorted.
    static func fixtures(_ suite: String) throws -> [URL] {
        let directory = try directory(suite)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }

    struct Report: CustomStringConvertible {
        var suite: String
        var passed = 0
        var failures: [(name: String, reason: String)] = []

        var description: String {
            let shown = failures.prefix(25).map { "FAIL \($0.name): \($0.reason)" }.joined(separator: "\n")
            let more = failures.count > 25 ? "\n... and \(failures.count - 25) more" : ""
            return "\(suite): \(passed) passed, \(failures.count) failed\n\(shown)\(more)"
        }
    }

    /// Every fixture of one suite.
    static func run(_ suite: String, textMeasurer: (any TextMeasuring)? = nil) throws -> Report {
        var report = Report(suite: suite)
        for file in try fixtures(suite) {
            let bytes = try [UInt8](Data(contentsOf: file))
            if let reason = check(fixture: bytes, textMeasurer: textMeasurer) {
                report.failures.append((file.deletingPathExtension().lastPathComponent, reason))
            } else {
                report.passed += 1
            }
        }
        return report
    }

    /// The fixtures of a suite whose request does not decode (the JSON path's
    /// own part of conformance, whatever the layout engine does with them).
    static func undecodable(_ suite: String) throws -> (count: Int, failures: [(name: String, reason: String)]) {
        let files = try fixtures(suite)
        var failures: [(name: String, reason: String)] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            guard let request = (try? JSONValue.parse(bytes))?["request"] else {
                failures.append((file.lastPathComponent, "bad fixture"))
                continue
            }
            do {
                _ = try NodeRequest.decode(request.bytes)
            } catch {
                failures.append((file.lastPathComponent, "\(error.problem.rawValue) at \(error.path): \(error.detail)"))
            }
        }
        return (files.count, failures)
    }

    /// nil when the case passes, else a one-line reason.
    static func check(fixture bytes: [UInt8], textMeasurer: (any TextMeasuring)?) -> String? {
        guard let fixture = try? JSONValue.parse(bytes), let request = fixture["request"],
            let expected = fixture["expected"]
        else { return "bad fixture" }
        let tolerance = fixture["tolerance"]?.number ?? 0.01
        let response = LayoutNodeEndpoint.respond(body: request.bytes, flatten: false, textMeasurer: textMeasurer)
        guard response.status == 200 else {
            let problem = try? JSONValue.parse(response.body)
            return "HTTP \(response.status): \(problem?["detail"]?.string ?? "") at \(problem?["path"]?.string ?? "")"
        }
        guard let body = try? JSONValue.parse(response.body), let layout = body["layout"] else {
            return "bad response: no layout"
        }
        var frames: [String: [Double]] = [:]
        var order: [String] = []
        collect(layout, x: 0, y: 0, into: &frames, order: &order)

        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        let expectedFrames = expected["frames"]?.members ?? []
        if let missing = expectedFrames.first(where: { frames[$0.key] == nil }) {
            return "missing id \(missing.key)"
        }
        for member in expectedFrames.sorted(by: { rank[$0.key, default: 0] < rank[$1.key, default: 0] }) {
            let want = member.value.array ?? []
            let got = frames[member.key]!
            let differs = want.count != 4 || zip(got, want).contains { g, w in w.number.map { abs(g - $0) > tolerance } ?? false }
            if differs {
                return "wrong frame \(member.key): expected \(format(want.map(\.number))) got \(format(got))"
            }
        }
        if let size = expected["size"] {
            let got = [body["size"]?["width"]?.number ?? .nan, body["size"]?["height"]?.number ?? .nan]
            let want = [size["width"]?.number, size["height"]?.number]
            if zip(got, want).contains(where: { g, w in w.map { !(abs(g - $0) <= tolerance) } ?? false }) {
                return "wrong size: expected \(format(want)) got \(format(got))"
            }
        }
        for key in ["lineCount", "truncated"] {
            if let want = expected[key], layout[key] != want {
                return "wrong \(key): expected \(want) got \(layout[key].map { "\($0)" } ?? "nothing")"
            }
        }
        return nil
    }

    private static func collect(
        _ node: JSONValue, x: Double, y: Double, into frames: inout [String: [Double]], order: inout [String]
    ) {
        let frame = node["frame"]
        let nx = x + (frame?["x"]?.number ?? .nan)
        let ny = y + (frame?["y"]?.number ?? .nan)
        if let id = node["id"]?.string {
            frames[id] = [nx, ny, frame?["width"]?.number ?? .nan, frame?["height"]?.number ?? .nan]
            order.append(id)
        }
        for child in node["children"]?.array ?? [] {
            collect(child, x: nx, y: ny, into: &frames, order: &order)
        }
    }

    private static func format(_ values: [Double?]) -> String {
        "[" + values.map { $0.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "null" }.joined(separator: ", ") + "]"
    }

    private static func format(_ values: [Double]) -> String { format(values.map { Optional($0) }) }
}
