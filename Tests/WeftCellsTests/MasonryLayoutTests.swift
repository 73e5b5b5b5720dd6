import Testing
@testable import WeftCells
import WeftLayout

/// Columns of equal width, each item to the shortest column
/// (MosaicCollectionLayoutDelegate.m in Texture's CustomCollectionView example).
@Suite struct MasonryLayoutTests {
    @Test func eachItemGoesToTheShortestColumn() {
        let heights = [100.0, 50, 70, 30, 40]
        let f = MasonryLayout.place(
            [SectionSizes(items: heights.map { size(100, $0) })], columns: 3, metrics(320))
        // Columns (320 - 2 x 10) / 3 = 100 wide; after the first row the next
        // tops are 110, 60, 80: the 30 goes to column 1, then the 40 to column 2.
        #expect(f.sections[0].items == [
            frame(0, 0, 100, 100), frame(110, 0, 100, 50), frame(220, 0, 100, 70),
            frame(110, 60, 100, 30), frame(220, 80, 100, 40),
        ])
        #expect(f.contentSize == size(320, 120))
    }

    @Test func theLeftmostColumnWinsATie() {
        let f = MasonryLayout.place([SectionSizes(items: Array(repeating: size(1, 20), count: 5))], columns: 2, metrics(210))
        #expect(f.sections[0].items.map(\.x) == [0, 110, 0, 110, 0])
        #expect(f.sections[0].items.map(\.y) == [0, 0, 30, 30, 60])
    }

    @Test func itemsAreMeasuredAtTheColumnWidth() {
        let m = metrics(320, inset: Insets(left: 10, right: 10))
        // (300 - 10) / 2 = 145.
        #expect(MasonryLayout.itemRange(nil, columns: 2, m)
            == SizeRange(min: size(145, 0), max: size(145, .greatestFiniteMagnitude)))
        let own = SizeRange(min: size(10, 20), max: size(999, 60))
        #expect(MasonryLayout.itemRange(own, columns: 2, m) == SizeRange(min: size(145, 20), max: size(145, 60)))
        #expect(MasonryLayout.itemRange(.unconstrained, columns: 2, m) == MasonryLayout.itemRange(nil, columns: 2, m))
        let horizontal = metrics(320, 210, horizontal: true)
        #expect(MasonryLayout.itemRange(nil, columns: 2, horizontal)
            == SizeRange(min: size(0, 100), max: size(.greatestFiniteMagnitude, 100)))
    }

    @Test func emptySectionTakesNoInset() {
        let f = MasonryLayout.place(
            [SectionSizes(header: size(320, 25), items: []), SectionSizes(items: [size(1, 10)])],
            columns: 2, metrics(320, inset: Insets(top: 4, bottom: 6)))
        #expect(f.sections[0].header == frame(0, 0, 320, 25))
        #expect(f.sections[1].items == [frame(0, 29, 155, 10)])
        #expect(f.contentSize == size(320, 45))
    }

    @Test func anItemBroaderThanTheContainerIsKeptToItsColumn() {
        let f = MasonryLayout.place([SectionSizes(items: [size(1000, 40), size(5, 40)])], columns: 2, metrics(210))
        #expect(f.sections[0].items == [frame(0, 0, 100, 40), frame(110, 0, 100, 40)])
        #expect(f.contentSize == size(210, 40))
    }

    @Test func zeroSpacingPutsColumnsAndItemsEdgeToEdge() {
        let f = MasonryLayout.place(
            [SectionSizes(items: [size(0, 30), size(0, 10), size(0, 20), size(0, 5)])], columns: 3, metrics(300, spacing: 0))
        #expect(f.sections[0].items == [frame(0, 0, 100, 30), frame(100, 0, 100, 10), frame(200, 0, 100, 20), frame(100, 10, 100, 5)])
        #expect(f.contentSize == size(300, 30))
    }

    @Test func oneColumnStacksItemsAcrossTheWholeWidth() {
        let f = MasonryLayout.place(
            [SectionSizes(items: [size(1, 30), size(1, 10)])], columns: 1, metrics(320, inset: Insets(left: 20, right: 20)))
        #expect(f.sections[0].items == [frame(20, 0, 280, 30), frame(20, 40, 280, 10)])
        #expect(f.contentSize == size(320, 50))
    }

    @Test func rightToLeftPutsTheFirstColumnOnTheRight() {
        let f = MasonryLayout.place(
            [SectionSizes(items: [size(1, 30), size(1, 10), size(1, 10)])], columns: 3, metrics(320, rtl: true))
        #expect(f.sections[0].items.map(\.x) == [220, 110, 0])
    }

    // A column's item is what a node measured at exactly the column's
    // breadth is: ASLayout.mm rounds that up to the pixel grid. The columns
    // stay where the unrounded breadth puts them, as in the example.
    @Test func atAPointScaleItemsAreTheColumnBreadthOnThePixelGrid() {
        let third = 100.0 / 3
        let two = MasonryLayout.place(
            [SectionSizes(items: [size(33.5, 10), size(33.5, 20.5)])], columns: 3, metrics(100, spacing: 0, scale: 2))
        #expect(two.sections[0].items == [frame(0, 0, 33.5, 10), frame(third, 0, 33.5, 20.5)])
        // (100 - 3) / 4 = 24.25 is ceil(72.75) / 3 = 73 / 3 at scale 3; 100 / 3 is on that grid already.
        let three = MasonryLayout.place(
            [SectionSizes(items: [size(0, 10), size(0, 10)])], columns: 4, metrics(100, spacing: 1, scale: 3))
        #expect(three.sections[0].items == [frame(0, 0, 73.0 / 3, 10), frame(25.25, 0, 73.0 / 3, 10)])
        let onGrid = MasonryLayout.place([SectionSizes(items: [size(0, 10)])], columns: 3, metrics(100, spacing: 0, scale: 3))
        #expect(onGrid.sections[0].items[0].width == third)
    }

    // Mirrored, each column is where the opposite one is unmirrored: the
    // column at the left edge starts at 0 exactly, not 4e-14 (375 points,
    // three columns 10 apart: 118.33 broad).
    @Test func rightToLeftColumnsAreTheExactMirrorImage() {
        let items = [SectionSizes(items: [size(0, 10), size(0, 10), size(0, 10)])]
        let ltr = MasonryLayout.place(items, columns: 3, metrics(375))
        let rtl = MasonryLayout.place(items, columns: 3, metrics(375, rtl: true))
        #expect(rtl.sections[0].items.map(\.x) == ltr.sections[0].items.map(\.x).reversed())
        #expect(rtl.sections[0].items[2].x == 0)
        // With the insets swapped the mirror image is the same layout.
        let inset = Insets(left: 7.3, right: 11)
        let left = MasonryLayout.place(items, columns: 3, metrics(375, inset: inset))
        let right = MasonryLayout.place(
            items, columns: 3, metrics(375, inset: Insets(left: 11, right: 7.3), rtl: true))
        #expect(right.sections[0].items.map(\.x) == left.sections[0].items.map(\.x).reversed())
        // Rounded up to the grid, an item still ends at its column's mirrored start.
        let grid = MasonryLayout.place(items, columns: 3, metrics(100, spacing: 0, rtl: true, scale: 2))
        let third = 100.0 / 3
        #expect(grid.sections[0].items.map { $0.x + $0.width } == [100, 2 * third, third])
    }

    // Columns that overflow the line are flipped as before.
    @Test func rightToLeftOverflowingColumnsAreFlipped() {
        let f = MasonryLayout.place(
            [SectionSizes(items: [size(0, 10), size(0, 10), size(0, 10)])], columns: 3, metrics(15, spacing: 10, rtl: true))
        #expect(f.sections[0].items.map(\.x) == [15, 5, -5])
    }

    @Test func horizontalScrollingMakesRowsAndKeepsEachItemsWidth() {
        let f = MasonryLayout.place(
            [SectionSizes(items: [size(80, 1), size(30, 1), size(40, 1)])], columns: 2, metrics(320, 210, horizontal: true))
        #expect(f.sections[0].items == [frame(0, 0, 80, 100), frame(0, 110, 30, 100), frame(40, 110, 40, 100)])
        #expect(f.contentSize == size(80, 210))
    }

    @Test func manyMoreColumnsThanItemsStaysCheap() {
        let f = MasonryLayout.place([SectionSizes(items: [size(1, 10), size(1, 20)])], columns: 50_000_000, metrics(320, spacing: 0))
        #expect(f.sections[0].items.map(\.y) == [0, 0])
        #expect(f.sections[0].items[1].x > f.sections[0].items[0].x)
    }
}
