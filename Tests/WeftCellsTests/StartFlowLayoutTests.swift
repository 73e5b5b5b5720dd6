import Testing
@testable import WeftCells
import WeftLayout

/// `flow.alignment: start`: lines packed from the start, as
/// ASCollectionFlowLayoutDelegate.mm's wrapping stack places them.
@Suite struct StartFlowLayoutTests {
    @Test func linesArePackedFromTheStartAndItemsSitAtTheLineTop() {
        let items = sizes([(100, 50), (100, 80), (100, 50), (100, 50)])
        let f = StartFlowLayout.place([SectionSizes(items: items)], metrics(320))
        // 100 + 10 + 100 + 10 + 100 fills the 320 exactly; the fourth wraps.
        #expect(f.sections[0].items == [frame(0, 0, 100, 50), frame(110, 0, 100, 80), frame(220, 0, 100, 50), frame(0, 90, 100, 50)])
        #expect(f.contentSize == size(320, 140))
    }

    // The justified flow centres a lone last item; the start-aligned one keeps it at the leading inset.
    @Test func aLoneLastItemStaysAtTheStart() {
        let items = Array(repeating: size(100, 100), count: 4)
        let start = StartFlowLayout.place([SectionSizes(items: items)], metrics(320, spacing: 0, inset: Insets(left: 6, right: 6)))
        #expect(start.sections[0].items.map(\.x) == [6, 106, 206, 6])
    }

    @Test func emptySectionTakesNoInset() {
        let sections = [
            SectionSizes(header: size(320, 30), footer: size(320, 20), items: []),
            SectionSizes(items: [size(50, 50)]),
        ]
        let f = StartFlowLayout.place(sections, metrics(320, inset: Insets(top: 7, left: 5, bottom: 9, right: 5)))
        #expect(f.sections[0].header == frame(0, 0, 320, 30))
        #expect(f.sections[0].footer == frame(0, 30, 320, 20))
        #expect(f.sections[0].items.isEmpty)
        #expect(f.sections[1].items == [frame(5, 57, 50, 50)])
        #expect(f.contentSize == size(320, 50 + 7 + 50 + 9))
    }

    @Test func anItemBroaderThanTheLineGetsALineOfItsOwn() {
        let items = sizes([(40, 10), (400, 20), (40, 10)])
        let f = StartFlowLayout.place([SectionSizes(items: items)], metrics(320, inset: Insets(left: 10, right: 10)))
        #expect(f.sections[0].items == [frame(10, 0, 40, 10), frame(10, 20, 400, 20), frame(10, 50, 40, 10)])
        #expect(f.overflowing == [IndexPath(section: 0, item: 1)])
    }

    @Test func zeroSpacingPacksItemsEdgeToEdge() {
        let items = Array(repeating: size(80, 40), count: 5)
        let f = StartFlowLayout.place([SectionSizes(items: items)], metrics(320, spacing: 0))
        #expect(f.sections[0].items.map(\.x) == [0, 80, 160, 240, 0])
        #expect(f.sections[0].items.map(\.y) == [0, 0, 0, 0, 40])
        #expect(f.contentSize == size(320, 80))
    }

    @Test func oneItemPerLineWhenTwoDoNotFit() {
        let items = sizes([(200, 30), (200, 40), (200, 50)])
        let f = StartFlowLayout.place([SectionSizes(items: items)], metrics(320, lineSpacing: 5))
        #expect(f.sections[0].items == [frame(0, 0, 200, 30), frame(0, 35, 200, 40), frame(0, 80, 200, 50)])
    }

    @Test func rightToLeftMirrorsLinesAndTheLeadingInset() {
        let items = sizes([(100, 50), (100, 50), (100, 50)])
        let f = StartFlowLayout.place(
            [SectionSizes(header: size(320, 20), items: items)], metrics(320, inset: Insets(left: 15), rtl: true))
        // Left to right: x = 15, 125 on the first line, 15 on the second.
        #expect(f.sections[0].items.map(\.x) == [205, 95, 205])
        #expect(f.sections[0].header == frame(0, 0, 320, 20))
    }

    @Test func horizontalScrollingFillsColumnsTopToBottom() {
        let items = sizes([(50, 90), (70, 90), (50, 90)])
        let f = StartFlowLayout.place(
            [SectionSizes(header: size(30, 200), items: items)], metrics(320, 200, horizontal: true))
        #expect(f.sections[0].header == frame(0, 0, 30, 200))
        #expect(f.sections[0].items == [frame(30, 0, 50, 90), frame(30, 100, 70, 90), frame(30 + 70 + 10, 0, 50, 90)])
        #expect(f.contentSize == size(30 + 70 + 10 + 50, 200))
    }
}
