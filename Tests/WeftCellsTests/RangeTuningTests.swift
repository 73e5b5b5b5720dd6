import Testing
import WeftCells
import WeftLayout

@Suite struct RangeTuningTests {
    @Test func defaultsAreTexturesTable() {
        let table: [(RangeMode, RangeType, Double, Double)] = [
            (.full, .display, 1.0, 0.5), (.full, .preload, 2.5, 1.5),
            (.minimum, .display, 0.25, 0.25), (.minimum, .preload, 0.5, 0.25),
            (.visibleOnly, .display, 0, 0), (.visibleOnly, .preload, 0, 0),
            (.lowMemory, .display, 0, 0), (.lowMemory, .preload, 0, 0),
        ]
        for (mode, type, lead, trail) in table {
            #expect(RangeTuning.defaultParameters(mode: mode, type: type) == TuningParameters(leading: lead, trailing: trail))
        }
    }

    @Test func pagerOverridesMinimumAndFullOnly() {
        #expect(RangeTuning.pagerParameters(mode: .minimum, type: .display) == .zero)
        #expect(RangeTuning.pagerParameters(mode: .minimum, type: .preload) == TuningParameters(leading: 1, trailing: 1))
        #expect(RangeTuning.pagerParameters(mode: .full, type: .display) == TuningParameters(leading: 1, trailing: 1))
        #expect(RangeTuning.pagerParameters(mode: .full, type: .preload) == TuningParameters(leading: 2, trailing: 2))
        #expect(RangeTuning.pagerParameters(mode: .visibleOnly, type: .preload) == .zero)
    }

    @Test func clientOverrideWins() {
        let key = RangeTuningKey(mode: .full, type: .preload)
        let p = TuningParameters(leading: 4, trailing: 0)
        #expect(RangeTuning.parameters(mode: .full, type: .preload, container: .table, overrides: [key: p]) == p)
        #expect(RangeTuning.parameters(mode: .full, type: .display, container: .table, overrides: [key: p])
            == TuningParameters(leading: 1, trailing: 0.5))
    }

    // CGRectExpandToRangeWithScrollableDirections (ASAbstractLayoutController.mm): vertical collection, bounds (0, 1000, 320, 568).
    @Test(arguments: [
        (RangeMode.full, RangeType.display, ScrollDirection.down, 716.0, 1420.0),
        (.full, .display, .up, 432, 1420),
        (.full, .preload, .down, 148, 2840),
        (.minimum, .display, .down, 858, 852),
        (.minimum, .preload, .down, 858, 994),
    ])
    func workedExampleVertical(mode: RangeMode, type: RangeType, direction: ScrollDirection, y: Double, height: Double) {
        let r = RangeTuning.expand(
            Frame(x: 0, y: 1000, width: 320, height: 568),
            by: RangeTuning.defaultParameters(mode: mode, type: type), scrollable: .vertical, direction: direction)
        #expect(r == Frame(x: 0, y: y, width: 320, height: height))
    }

    @Test(arguments: [(RangeType.display, 320.0, 960.0), (.preload, 0, 1600)])
    func workedExamplePager(type: RangeType, x: Double, width: Double) {
        let r = RangeTuning.expand(
            Frame(x: 640, y: 0, width: 320, height: 568),
            by: RangeTuning.pagerParameters(mode: .full, type: type), scrollable: .horizontal, direction: .right)
        #expect(r == Frame(x: x, y: 0, width: width, height: 568))
    }

    @Test func noneMeansTheInitialDownRight() {
        #expect(RangeTuning.rangeDirection([], scrollable: .vertical) == .initial)
        #expect(RangeTuning.rangeDirection(.left, scrollable: .vertical) == .initial)
        #expect(RangeTuning.rangeDirection([.up, .left], scrollable: .vertical) == .up)
    }

    @Test func scrollingTokens() {
        #expect(ScrollDirection(token: "none") == [])
        #expect(ScrollDirection(token: "down-right") == [.down, .right])
        #expect(ScrollDirection(token: "up") == .up)
        #expect(ScrollDirection(token: "sideways") == nil)
        #expect(ScrollDirection(token: "up-down-left") == nil)
        // A vertical direction, then a horizontal one.
        #expect(ScrollDirection(token: "up-left") == [.up, .left])
        for token in ["up-down", "down-down", "left-right", "right-down", "left-up", "-down", "down-", "-"] {
            #expect(ScrollDirection(token: token) == nil, "\(token)")
        }
    }
}
