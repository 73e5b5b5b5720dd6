import Testing
import WeftCells
import WeftJSON
import WeftLayout

@testable import WeftService

/// Over seeded random containers of random cells: the whole JSON answer, the
/// stream read whole and the stream laid out while read give the same cells
/// (same frames, same layouts), the same content size and hints, at any
/// worker count and with the cache off, cold or warm. The whole answer's
/// bytes do not depend on the workers or the cache.
@Suite struct AnswerModePropertyTests {
    static let seeds: [UInt64] = Array(1...6)

    /// A random container: tables (laid out while read when streamed) and
    /// collections and pagers (always read whole), some interop cells, and
    /// sections with headers and footers.
    private func body(seed: UInt64) -> String {
        var entropy = TreeEntropy(seed: seed &* 7919)
        var trees = RandomTrees(TreeEntropy(seed: seed))
        trees.maxDepth = 3
        let type = ["table", "table", "collection", "pager"][Int(seed) % 4]
        var next = 0
        func cell() -> String {
            next += 1
            if entropy.chance(15) {
                return #"{"id":"c\#(next)","kind":"interop","size":{"width":\#(40 + entropy.below(300)),"height":\#(20 + entropy.below(90))}}"#
            }
            return #"{"id":"c\#(next)","node":\#(trees.element(depth: 0, inFlex: false))}"#
        }
        func items(_ count: Int) -> String { "[" + (0..<count).map { _ in cell() }.joined(separator: ",") + "]" }
        let offset = entropy.pick([0, 0, 120, 900])
        let container = #"{"type":"\#(type)","bounds":{"width":375,"height":667},"contentOffset":{"x":0,"y":\#(offset)}}"#
        let scale = entropy.pick([0, 2, 3])
        if entropy.chance(50) {
            return #"{"container":\#(container),"pointScale":\#(scale),"items":\#(items(10 + entropy.below(30)))}"#
        }
        // A pager has one section of pages.
        let sectionCount = type == "pager" ? 1 : 1 + entropy.below(3)
        let sections = (0..<sectionCount).map { _ -> String in
            var members = [#""items":\#(items(3 + entropy.below(12)))"#]
            if type != "pager" && entropy.chance(50) { members.insert(#""header":\#(cell())"#, at: 0) }
            if type != "pager" && entropy.chance(50) { members.append(#""footer":\#(cell())"#) }
            return "{" + members.joined(separator: ",") + "}"
        }
        return #"{"container":\#(container),"pointScale":\#(scale),"sections":[\#(sections.joined(separator: ","))]}"#
    }

    /// One cell of an answer, whichever way it came.
    private struct Placed: Equatable, CustomStringConvertible {
        var id: String
        var fields: [String: JSONValue]
        var description: String { "\(id) \(fields)" }
    }

    private static let cellFields = ["index", "frame", "kind", "layout", "table"]

    private func placed(_ value: JSONValue) -> Placed {
        var fields: [String: JSONValue] = [:]
        for name in Self.cellFields { fields[name] = value[name] }
        return Placed(id: value["id"]?.string ?? "?", fields: fields)
    }

    /// The whole answer's cells, headers and footers included, by id.
    private func cells(ofWhole answer: JSONValue) -> [String: Placed] {
        var out: [String: Placed] = [:]
        for section in answer["sections"]?.array ?? [] {
            var all = section["items"]?.array ?? []
            if let header = section["header"] { all.append(header) }
            if let footer = section["footer"] { all.append(footer) }
            for cell in all { out[cell["id"]?.string ?? "?"] = placed(cell) }
        }
        return out
    }

    @Test func everyAnswerModeGivesTheSameCells() throws {
        for seed in Self.seeds {
            let text = body(seed: seed)
            let reference = makeEngine(workers: 1).respond(body: Array(text.utf8))
            #expect(reference.status == 200, "seed \(seed): \(String(decoding: reference.body, as: UTF8.self))")
            guard reference.status == 200 else { continue }
            let whole = try JSONValue.parse(reference.body)
            let expected = cells(ofWhole: whole)
            for workers in [1, 2, 3] {
                for cacheMB in [0, 8] {
                    let engines = [makeEngine(workers: workers, cacheMB: cacheMB),
                                   makeEngine(workers: workers, cacheMB: cacheMB, pipelined: true)]
                    for (e, engine) in engines.enumerated() {
                        for pass in 0..<(cacheMB > 0 ? 2 : 1) {
                            let label = "seed \(seed), \(workers) workers, cache \(cacheMB) MB, pass \(pass), engine \(e)"
                            let answer = engine.respond(body: Array(text.utf8))
                            #expect(withoutStats(answer.body) == withoutStats(reference.body), "\(label): whole answer")
                            let records = try streamRecords(engine, text)
                            let streamed = records.filter { $0["record"]?.string == "cell" }.map(placed)
                            #expect(streamed.count == expected.count, "\(label): cell records")
                            for cell in streamed {
                                #expect(expected[cell.id] == cell, "\(label): cell \(cell.id)")
                            }
                            let end = records.last
                            #expect(end?["record"]?.string == "end", "\(label): the stream ends well")
                            #expect(end?["contentSize"] == whole["contentSize"], "\(label): content size")
                            #expect(end?["hints"] == whole["hints"], "\(label): hints")
                            #expect(end?["warnings"] == whole["warnings"], "\(label): warnings")
                        }
                    }
                }
            }
        }
    }
}
