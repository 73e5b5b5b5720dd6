import Testing
@testable import WeftCells
import WeftLayout

/// Headers and footers in the visible, display and preload ranges, found with
/// the same rectangles as the items.
@Suite struct SupplementaryRangesTests {
    typealias S = SupplementaryIndexPath

    /// A 320 x 100 viewport scrolling down; display reaches one screen ahead,
    /// preload two ahead and one behind.
    static func input(
        offset: Double, items: [(IndexPath, Frame)], supplementary: [(S, Frame)], visible: Bool = true
    ) -> RangeSets.Input {
        RangeSets.Input(
            itemFrames: items, bounds: frame(0, offset, 320, 100), mode: .full,
            display: TuningParameters(leading: 1, trailing: 0), preload: TuningParameters(leading: 2, trailing: 1),
            scrollable: .vertical, direction: .down, containerIsVisible: visible, supplementaryFrames: supplementary)
    }

    /// Section 0: header 0..<40, items 40..<90 and 90..<140, footer 140..<160;
    /// section 1: header 160..<200, item 200..<300.
    static let items: [(IndexPath, Frame)] = [
        (ip(0, 0), frame(0, 40, 320, 50)), (ip(0, 1), frame(0, 90, 320, 50)), (ip(1, 0), frame(0, 200, 320, 100)),
    ]
    static let supplementary: [(S, Frame)] = [
        (.header(0), frame(0, 0, 320, 40)), (.footer(0), frame(0, 140, 320, 20)), (.header(1), frame(0, 160, 320, 40)),
    ]

    @Test func headersAndFootersAreInTheRangesTheirFramesReach() {
        let r = RangeSets.compute(Self.input(offset: 100, items: Self.items, supplementary: Self.supplementary))
        #expect(r.visible == [ip(0, 1)])
        #expect(r.supplementary.visible == [.footer(0), .header(1)])
        #expect(r.display == [ip(0, 1), ip(1, 0)])
        #expect(r.supplementary.display == [.footer(0), .header(1)])
        #expect(r.preload == [ip(0, 0), ip(0, 1), ip(1, 0)])
        #expect(r.supplementary.preload == [.header(0), .footer(0), .header(1)])
    }

    @Test func theWireOrderPutsAHeaderBeforeItsItemsAndTheFooterAfter() {
        let r = RangeSets.compute(Self.input(offset: 100, items: Self.items, supplementary: Self.supplementary))
        #expect(r.preloadElements == [
            .supplementary(.header(0)), .item(ip(0, 0)), .item(ip(0, 1)), .supplementary(.footer(0)),
            .supplementary(.header(1)), .item(ip(1, 0)),
        ])
        #expect(r.visibleElements == [.item(ip(0, 1)), .supplementary(.footer(0)), .supplementary(.header(1))])
    }

    // Texture stops when nothing is visible; a visible header is something.
    @Test func aVisibleHeaderAloneStillGivesTheItemsTheirRanges() {
        let items = [(ip(0, 0), frame(0, 150, 320, 100))]
        let header: [(S, Frame)] = [(.header(0), frame(0, 0, 320, 150))]
        let r = RangeSets.compute(Self.input(offset: 0, items: items, supplementary: header))
        #expect(r.visible.isEmpty)
        #expect(r.supplementary.visible == [.header(0)])
        #expect(r.display == [ip(0, 0)])
        #expect(RangeSets.compute(Self.input(offset: 0, items: items, supplementary: [])).display.isEmpty)
    }

    @Test func offScreenAVisibleHeaderIsPreparedButNotVisible() {
        let r = RangeSets.compute(Self.input(offset: 100, items: Self.items, supplementary: Self.supplementary, visible: false))
        #expect(r.supplementary.visible.isEmpty)
        #expect(r.supplementary.display == [.footer(0), .header(1)])
        // Off screen only what will be visible or displayed is preloaded.
        #expect(r.supplementary.preload == [.footer(0), .header(1)])
    }

    @Test func withoutHeadersTheItemsRangesAreUnchanged() {
        let with = RangeSets.compute(Self.input(offset: 100, items: Self.items, supplementary: Self.supplementary))
        let without = RangeSets.compute(Self.input(offset: 100, items: Self.items, supplementary: []))
        #expect(without.supplementary == SupplementaryRangeHints())
        #expect((without.visible, without.display, without.preload) == (with.visible, with.display, with.preload))
    }
}
