import Testing
@testable import WeftLayout

@Suite struct TextureConformanceTests {
    /// Every visible Texture snapshot fixture, laid out in process.
    @Test func textureSnapshotFixtures() throws {
        let fixtures = try TextureFixture.loadAll()
        #expect(fixtures.count > 100)
        var failures: [String] = []
        for f in fixtures {
            let node = LayoutEngine.layout(f.root, in: f.range, context: LayoutContext(pointScale: f.pointScale))
            var frames: [String: Frame] = [:]
            absoluteFrames(node, f.root, into: &frames)
            var problems: [String] = []
            if abs(node.size.width - f.expectedSize.width) > f.tolerance || abs(node.size.height - f.expectedSize.height) > f.tolerance {
                problems.append("size \(node.size) != \(f.expectedSize)")
            }
            for (id, want) in f.expectedFrames.sorted(by: { $0.key < $1.key }) {
                guard let got = frames[id] else { problems.append("\(id) missing"); continue }
                if abs(got.x - want.x) > f.tolerance || abs(got.y - want.y) > f.tolerance
                    || abs(got.width - want.width) > f.tolerance || abs(got.height - want.height) > f.tolerance {
                    problems.append("\(id) \(got) != \(want)")
                }
            }
            if !problems.isEmpty { failures.append("\(f.name): \(problems.joined(separator: "; "))") }
        }
        print("texture fixtures: \(fixtures.count - failures.count) passed, \(failures.count) failed")
        for f in failures { print("FAIL \(f)") }
        #expect(failures.isEmpty)
    }
}
