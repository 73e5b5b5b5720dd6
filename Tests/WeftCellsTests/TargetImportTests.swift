import Foundation
import Testing

/// ARCHITECTURE.md's target table is the rule: every `import` under
/// `Sources/<target>/` must name a module in that target's "may import" column.
@Suite struct TargetImportTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyTargetImportsOnlyWhatItsRowAllows() throws {
        let rules = try Self.rules()
        #expect(rules.count >= 8, "ARCHITECTURE.md lists the targets")
        var violations: [String] = []
        for (target, allowed) in rules.sorted(by: { $0.key < $1.key }) {
            let files = Self.swiftFiles(under: Self.root.appendingPathComponent("Sources/\(target)"))
            #expect(!files.isEmpty, "Sources/\(target) has Swift files")
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                for module in Self.imports(in: text) where !allowed.contains(module) {
                    violations.append("\(file.path.dropFirst(Self.root.path.count + 1)) imports \(module)")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func everySourceTargetHasARow() throws {
        let rules = try Self.rules()
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources").path)
        for target in sources where !Self.swiftFiles(under: Self.root.appendingPathComponent("Sources/\(target)")).isEmpty {
            #expect(rules[target] != nil, "ARCHITECTURE.md has no row for \(target)")
        }
    }

    /// The rule catches what it should: a file importing a module outside its row.
    @Test func readsImportLinesTheWaySwiftWritesThem() {
        let text = #"""
            import WeftLayout
            @testable import WeftCells
            public import Foundation
            import struct Glibc.timespec
            // import NotThis
            let s = "import NorThis"
            let js = """
              import { layout } from "./weft-client.js"
              import Nope
              """
            """#
        #expect(Self.imports(in: text) == ["WeftLayout", "WeftCells", "Foundation", "Glibc"])
    }

    /// target -> modules its row allows, from the table's first two columns.
    static func rules() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var rules: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count > 3 else { continue }
            let names = backticked(columns[1])
            guard names.count == 1 else { continue }
            rules[names[0]] = Set(backticked(columns[2]))
        }
        return rules
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The modules named by a file's import declarations.
    static func imports(in text: String) -> [String] {
        let attributes: Set<String> = ["@testable", "@_exported", "@_implementationOnly", "public", "package", "internal", "private", "fileprivate"]
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        var modules: [String] = []
        var inMultilineString = false
        for line in text.split(separator: "\n") {
            // Lines of a multi-line string literal (embedded JavaScript, say) are not code.
            if line.split(separator: "\"\"\"", omittingEmptySubsequences: false).count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString { continue }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, attributes.contains(first) || first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count > 1 else { continue }
            words.removeFirst()
            if kinds.contains(words[0]), words.count > 1 { words.removeFirst() }
            if let module = words[0].split(separator: ".").first, module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                modules.append(String(module))
            }
        }
        return modules
    }

    static func swiftFiles(under directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }
}
