import Testing
import WeftCells
import WeftLayout

/// At a `pointScale`, gallery and masonry cells are framed at the size their
/// own layout has: the size ASLayout.mm rounds up to the pixel grid.
@Suite struct CollectionPixelGridTests {
    static func collection(
        _ layout: CollectionLayoutType, width: Double = 100, scale: Double, count: Int = 4,
        gallery: GallerySettings = GallerySettings(), masonry: MasonrySettings = MasonrySettings()
    ) -> ContainerRequest {
        ContainerRequest(
            container: Container(
                type: .collection, bounds: size(width, 50), layout: layout, gallery: gallery, masonry: masonry),
            items: (0..<count).map { Cell.node("i\($0)", row(height: 10.1)) }, pointScale: scale)
    }

    static func onGrid(_ v: Double, _ scale: Double) -> Bool { PixelGrid(scale: scale).ceil(v) == v }

    static let tight = CollectionSpacing(itemSpacing: 0, lineSpacing: 0)

    @Test(arguments: [2.0, 3.0])
    func galleryFramesAreTheirLayoutsSize(scale: Double) throws {
        let r = layout(Self.collection(
            .gallery, scale: scale, gallery: GallerySettings(itemSize: size(33.3, 10.1), spacing: Self.tight)))
        let items = r.sections[0].items
        let cell = PixelGrid(scale: scale).ceil(size(33.3, 10.1))
        for item in items {
            #expect(item.frame.size == cell)
            #expect(item.layout?.frame.size == item.frame.size)
        }
        // Neighbours on a line touch and do not overlap.
        for (a, b) in zip(items, items.dropFirst()) where a.frame.y == b.frame.y {
            #expect(b.frame.x == a.frame.maxX)
        }
        #expect(Self.onGrid(r.contentSize.height, scale))
    }

    // At scale 2 the 33.5-point items of the audit's request fit two to a
    // 100-point line: the next starts a line 10.5 down.
    @Test func galleryAtScaleTwoWrapsAtTheRoundedSize() {
        let r = layout(Self.collection(
            .gallery, scale: 2, count: 3, gallery: GallerySettings(itemSize: size(33.3, 10.1), spacing: Self.tight)))
        #expect(r.sections[0].items.map(\.frame) == [
            Frame(x: 0, y: 0, width: 33.5, height: 10.5), Frame(x: 33.5, y: 0, width: 33.5, height: 10.5),
            Frame(x: 0, y: 10.5, width: 33.5, height: 10.5),
        ])
        #expect(r.contentSize == size(100, 21))
    }

    // 100 points in three columns (2) or 97 in four (3): off either grid.
    @Test(arguments: [(2.0, 3, 0.0), (3.0, 4, 1.0)])
    func masonryFramesAreTheirLayoutsSize(scale: Double, columns: Int, spacing: Double) {
        let r = layout(Self.collection(
            .masonry, scale: scale,
            masonry: MasonrySettings(columns: columns, spacing: CollectionSpacing(itemSpacing: spacing, lineSpacing: 0))))
        for item in r.sections[0].items {
            #expect(item.layout?.frame.size == item.frame.size)
            #expect(Self.onGrid(item.frame.width, scale) && Self.onGrid(item.frame.height, scale))
        }
    }
}
