import Testing
@testable import WeftCells
import WeftLayout

/// ASCollectionGalleryLayoutDelegate.mm: every item at exactly the item size.
@Suite struct GalleryLayoutTests {
    static func items(_ n: Int) -> [Size] { (0..<n).map { size(Double($0 + 1), Double(2 * $0 + 1)) } }

    // The delegate's own arithmetic: a 320-wide viewport and 100 x 100 items
    // 10 apart give three a row at x = 0, 110, 220 and rows 110 apart.
    @Test func threeHundredAndTwentyPointsHoldThreeItemsOfOneHundred() {
        let f = GalleryLayout.place([SectionSizes(items: Self.items(7))], itemSize: size(100, 100), metrics(320, 568))
        #expect(f.sections[0].items.map(\.x) == [0, 110, 220, 0, 110, 220, 0])
        #expect(f.sections[0].items.map(\.y) == [0, 0, 0, 110, 110, 110, 220])
        #expect(f.sections[0].items.allSatisfy { $0.size == size(100, 100) })
        #expect(f.contentSize == size(320, 3 * 100 + 2 * 10))
    }

    // With an inset of 10 on every side the stack gets 300: two a row at x = 10, 120.
    @Test func theSectionInsetNarrowsTheLines() {
        let f = GalleryLayout.place(
            [SectionSizes(items: Self.items(3))], itemSize: size(100, 100),
            metrics(320, inset: Insets(top: 10, left: 10, bottom: 10, right: 10)))
        #expect(f.sections[0].items.map(\.origin) == [Point(x: 10, y: 10), Point(x: 120, y: 10), Point(x: 10, y: 120)])
        #expect(f.contentSize == size(320, 10 + 210 + 10))
    }

    @Test func itemsAreMeasuredAtExactlyTheItemSize() {
        #expect(GalleryLayout.itemRange(itemSize: size(90, 120), PixelGrid(scale: 0)) == SizeRange(exactly: size(90, 120)))
        #expect(GalleryLayout.itemRange(itemSize: size(90, 120), PixelGrid(scale: 3)) == SizeRange(exactly: size(90, 120)))
    }

    // ASLayout.mm rounds every layout's size up to the pixel grid, the
    // gallery's fixed items too: at scale 2, 33.3 x 10.1 is 33.5 x 10.5, so
    // three no longer fit in 100 points and the lines are 10.5 apart.
    @Test func atAPointScaleTheItemSizeIsOnThePixelGrid() {
        let two = metrics(100, 50, spacing: 0, scale: 2)
        #expect(GalleryLayout.itemRange(itemSize: size(33.3, 10.1), two.grid) == SizeRange(exactly: size(33.5, 10.5)))
        let f = GalleryLayout.place([SectionSizes(items: Self.items(3))], itemSize: size(33.3, 10.1), two)
        #expect(f.sections[0].items == [frame(0, 0, 33.5, 10.5), frame(33.5, 0, 33.5, 10.5), frame(0, 10.5, 33.5, 10.5)])
        #expect(f.contentSize == size(100, 21))
        // At scale 3: ceil(99.9) / 3 and ceil(30.3) / 3.
        let three = metrics(100, 50, spacing: 0, scale: 3)
        let g = GalleryLayout.place([SectionSizes(items: Self.items(4))], itemSize: size(33.3, 10.1), three)
        let cell = size(100.0 / 3, 31.0 / 3)
        #expect(g.sections[0].items.allSatisfy { $0.size == cell })
        #expect(g.sections[0].items.map(\.x) == [0, cell.width, 2 * cell.width, 0])
        #expect(g.sections[0].items.map(\.y) == [0, 0, 0, cell.height])
        #expect(g.contentSize == size(100, 2 * cell.height))
    }

    @Test func emptySectionKeepsItsHeaderAndFooter() {
        let f = GalleryLayout.place(
            [SectionSizes(header: size(320, 30), footer: size(320, 10), items: []), SectionSizes(items: Self.items(1))],
            itemSize: size(50, 50), metrics(320, inset: Insets(top: 5, bottom: 5)))
        #expect(f.sections[0].footer == frame(0, 30, 320, 10))
        #expect(f.sections[1].items == [frame(0, 45, 50, 50)])
        #expect(f.contentSize == size(320, 100))
    }

    @Test func anItemSizeBroaderThanTheLineGivesEveryItemALine() {
        let f = GalleryLayout.place([SectionSizes(items: Self.items(3))], itemSize: size(400, 20), metrics(320))
        #expect(f.sections[0].items == [frame(0, 0, 400, 20), frame(0, 30, 400, 20), frame(0, 60, 400, 20)])
        #expect(f.overflowing.count == 3)
    }

    @Test func zeroSpacingTilesTheLine() {
        let f = GalleryLayout.place([SectionSizes(items: Self.items(5))], itemSize: size(80, 80), metrics(320, spacing: 0))
        #expect(f.sections[0].items.map(\.x) == [0, 80, 160, 240, 0])
        #expect(f.contentSize == size(320, 160))
    }

    @Test func oneColumnWhenTwoItemsDoNotFit() {
        let f = GalleryLayout.place([SectionSizes(items: Self.items(3))], itemSize: size(200, 50), metrics(320))
        #expect(f.sections[0].items.map(\.x) == [0, 0, 0])
        #expect(f.sections[0].items.map(\.y) == [0, 60, 120])
    }

    @Test func rightToLeftStartsEachLineAtTheRight() {
        let f = GalleryLayout.place([SectionSizes(items: Self.items(4))], itemSize: size(100, 100), metrics(320, rtl: true))
        #expect(f.sections[0].items.map(\.x) == [220, 110, 0, 220])
    }

    @Test func horizontalScrollingFillsColumns() {
        let f = GalleryLayout.place(
            [SectionSizes(items: Self.items(5))], itemSize: size(60, 90), metrics(320, 200, horizontal: true))
        #expect(f.sections[0].items.map(\.origin) == [
            Point(x: 0, y: 0), Point(x: 0, y: 100), Point(x: 70, y: 0), Point(x: 70, y: 100), Point(x: 140, y: 0),
        ])
        #expect(f.contentSize == size(200, 200))
    }
}
