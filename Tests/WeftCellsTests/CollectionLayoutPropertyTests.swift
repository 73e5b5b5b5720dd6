import Testing
@testable import WeftCells
import WeftLayout

/// Over seeded random collections: gallery and masonry items never overlap
/// each other or a header or footer, all of them lie inside the content
/// size, and headers and footers span the content across the scroll axis.
@Suite struct CollectionLayoutPropertyTests {
    static let rounds = 300

    struct Case {
        var sections: [SectionSizes]
        var metrics: CollectionMetrics
    }

    static func randomCase(
        _ r: inout SeededRandom, scales: [Double] = [0], itemSizes: (CollectionMetrics, inout SeededRandom) -> Size
    ) -> Case {
        let horizontal = Bool.random(using: &r)
        let spacing = Bool.random(using: &r) ? 0 : Double(Int.random(in: 1...20, using: &r))
        let line = Bool.random(using: &r) ? 0 : Double(Int.random(in: 1...20, using: &r)) + 0.5
        let inset = Insets(
            top: Double(Int.random(in: 0...20, using: &r)), left: Double(Int.random(in: 0...20, using: &r)),
            bottom: Double(Int.random(in: 0...20, using: &r)), right: Double(Int.random(in: 0...20, using: &r)))
        let m = CollectionMetrics(
            viewport: size(Double(Int.random(in: 100...500, using: &r)), Double(Int.random(in: 100...500, using: &r))),
            contentInset: Insets(top: 3, left: 4, bottom: 5, right: 6), horizontal: horizontal,
            rightToLeft: Bool.random(using: &r), itemSpacing: spacing, lineSpacing: line, sectionInset: inset,
            // One scale draws nothing, so the other rounds stay as they were.
            grid: PixelGrid(scale: scales.count == 1 ? scales[0] : scales.randomElement(using: &r)!))
        let sections = (0..<Int.random(in: 0...4, using: &r)).map { _ in
            let supplementary = m.size(along: Double(Int.random(in: 1...40, using: &r)), across: m.across)
            return SectionSizes(
                header: Bool.random(using: &r) ? supplementary : nil,
                footer: Bool.random(using: &r) ? supplementary : nil,
                items: (0..<Int.random(in: 0...30, using: &r)).map { _ in itemSizes(m, &r) })
        }
        return Case(sections: sections, metrics: m)
    }

    static func check(_ f: CollectionFrames, _ c: Case, _ round: Int) {
        let items = f.sections.flatMap(\.items)
        let supplementary = f.sections.flatMap { [$0.header, $0.footer].compactMap { $0 } }
        #expect(items.count == c.sections.reduce(0) { $0 + $1.items.count })
        let e = 1e-9
        for (k, a) in items.enumerated() {
            #expect(a.x >= -e && a.y >= -e && a.maxX <= f.contentSize.width + e && a.maxY <= f.contentSize.height + e,
                    "round \(round): item \(k) \(a) outside \(f.contentSize)")
            for b in items[(k + 1)...] where overlaps(a, b) {
                Issue.record("round \(round): items \(a) and \(b) overlap")
            }
            for s in supplementary where overlaps(a, s) {
                Issue.record("round \(round): item \(a) overlaps supplementary \(s)")
            }
        }
        let m = c.metrics
        for s in supplementary {
            // Across the scroll axis exactly the content, at its leading edge.
            #expect(m.breadth(s.size) == m.across && (m.horizontal ? s.y : s.x) == 0,
                    "round \(round): supplementary \(s) does not span the content \(f.contentSize)")
            #expect(m.breadth(f.contentSize) == m.across)
        }
    }

    @Test func galleryItemsNeitherOverlapNorLeaveTheContent() {
        var r = SeededRandom(seed: 0x6761_6C6C_6572_79)
        for round in 0..<Self.rounds {
            var itemSize = Size.zero
            // At a point scale items are the item size rounded up to the grid.
            let c = Self.randomCase(&r, scales: [0, 2, 3]) { m, r in
                // One size for the whole collection, never broader than a line.
                if itemSize == .zero {
                    itemSize = m.size(
                        along: Double(Int.random(in: 1...120, using: &r)),
                        across: Double.random(in: 1...max(1, m.grid.floor(m.available)), using: &r))
                }
                return size(1, 1)
            }
            let f = GalleryLayout.place(c.sections, itemSize: itemSize, c.metrics)
            Self.check(f, c, round)
            let grid = c.metrics.grid
            for item in f.sections.flatMap(\.items) where item.size != grid.ceil(itemSize) || grid.ceil(item.size) != item.size {
                Issue.record("round \(round): item \(item) is not \(itemSize) on the grid of scale \(grid.scale)")
            }
        }
    }

    @Test func masonryItemsNeitherOverlapNorLeaveTheContent() {
        var r = SeededRandom(seed: 0x6D61_736F_6E72_79)
        for round in 0..<Self.rounds {
            let c = Self.randomCase(&r) { _, r in
                // Breadths are anything: the column decides them.
                size(Double(Int.random(in: 0...600, using: &r)), Double(Int.random(in: 0...150, using: &r)) / 2)
            }
            let columns = Int.random(in: 1...6, using: &r)
            Self.check(MasonryLayout.place(c.sections, columns: columns, c.metrics), c, round)
        }
    }
}
