import Testing
import WeftCells
import WeftLayout

/// Ranges end to end: rows of a known pitch, so the expected index paths
/// follow from CGRectExpandToRangeWithScrollableDirections (ASAbstractLayoutController.mm)
/// and the layout controllers' index path queries.
@Suite struct RangeSetsTests {
    static let pitch = 100.0
    static let viewport = 500.0

    /// A table of `count` rows, each `pitch` tall (no separator), 320 x 500.
    static func table(count: Int, offset: Double, mode: RangeMode, scrolling: ScrollDirection = [], visible: Bool = true) -> ContainerRequest {
        let container = Container(
            type: .table, bounds: size(320, viewport), contentOffset: Point(x: 0, y: offset), scrolling: scrolling,
            visible: visible, rangeMode: mode, separatorStyle: .none)
        return ContainerRequest(container: container, items: (0..<count).map { Cell.node("r\($0)", row(height: pitch)) })
    }

    /// A horizontal flow of `count` columns, each one item `pitch` wide and the
    /// bounds' height tall, with no spacing: 320 x 500.
    static func strip(count: Int, offset: Double, mode: RangeMode, scrolling: ScrollDirection) -> ContainerRequest {
        let container = Container(
            type: .collection, bounds: size(320, viewport), contentOffset: Point(x: offset, y: 0), scrolling: scrolling,
            rangeMode: mode, scrollDirection: .horizontal, flow: FlowSettings(itemSpacing: 0, lineSpacing: 0))
        return ContainerRequest(container: container, items: (0..<count).map { Cell.node("c\($0)", box(pitch, viewport)) })
    }

    /// Items of the given pitch whose span overlaps [lo, hi) with positive length.
    static func items(_ lo: Double, _ hi: Double, count: Int) -> [IndexPath] {
        (0..<count).filter { Double($0) * pitch < hi && lo < Double($0 + 1) * pitch }.map { ip(0, $0) }
    }

    /// CGRectExpandToRangeWithScrollableDirections along one axis: the trailing buffer before, the leading after,
    /// when moving toward larger offsets.
    static func expanded(_ offset: Double, _ length: Double, _ p: TuningParameters, forward: Bool) -> (Double, Double) {
        let before = forward ? p.trailingBufferScreenfuls : p.leadingBufferScreenfuls
        let after = forward ? p.leadingBufferScreenfuls : p.trailingBufferScreenfuls
        return (offset - before * length, offset + length + after * length)
    }

    static func expected(count: Int, offset: Double, length: Double, mode: RangeMode, forward: Bool) -> RangeHints {
        let visible = items(offset, offset + length, count: count)
        let d = expanded(offset, length, RangeTuning.defaultParameters(mode: mode, type: .display), forward: forward)
        let p = expanded(offset, length, RangeTuning.defaultParameters(mode: mode, type: .preload), forward: forward)
        return RangeHints(visible: visible, display: items(d.0, d.1, count: count), preload: items(p.0, p.1, count: count))
    }

    @Test(arguments: [RangeMode.full, .minimum])
    func tableScrollingDown(mode: RangeMode) {
        let r = layout(Self.table(count: 50, offset: 1000, mode: mode, scrolling: .down)).hints.ranges
        #expect(r == Self.expected(count: 50, offset: 1000, length: Self.viewport, mode: mode, forward: true))
        #expect(r.visible == (10...14).map { ip(0, $0) })
    }

    @Test(arguments: [RangeMode.full, .minimum])
    func tableScrollingUp(mode: RangeMode) {
        let r = layout(Self.table(count: 50, offset: 1000, mode: mode, scrolling: .up)).hints.ranges
        #expect(r == Self.expected(count: 50, offset: 1000, length: Self.viewport, mode: mode, forward: false))
    }

    @Test func notScrollingMeansDown() {
        let still = layout(Self.table(count: 50, offset: 1000, mode: .full)).hints.ranges
        let down = layout(Self.table(count: 50, offset: 1000, mode: .full, scrolling: .down)).hints.ranges
        #expect(still == down)
    }

    @Test func firstScreen() {
        let r = layout(Self.table(count: 50, offset: 0, mode: .full)).hints.ranges
        #expect(r == Self.expected(count: 50, offset: 0, length: Self.viewport, mode: .full, forward: true))
        #expect(r.display.first == ip(0, 0))
    }

    @Test func lastScreen() {
        let offset = 50 * Self.pitch - Self.viewport
        let r = layout(Self.table(count: 50, offset: offset, mode: .full, scrolling: .down)).hints.ranges
        #expect(r == Self.expected(count: 50, offset: offset, length: Self.viewport, mode: .full, forward: true))
        #expect(r.preload.last == ip(0, 49))
    }

    @Test(arguments: [RangeMode.full, .minimum, .visibleOnly, .lowMemory])
    func contentShorterThanTheViewport(mode: RangeMode) {
        let r = layout(Self.table(count: 3, offset: 0, mode: mode)).hints.ranges
        let all = (0..<3).map { ip(0, $0) }
        #expect(r.visible == all)
        #expect(r.preload == all)
        #expect(r.display == all)
    }

    @Test func visibleOnlyIsTheVisibleRows() {
        let r = layout(Self.table(count: 50, offset: 1050, mode: .visibleOnly, scrolling: .down)).hints.ranges
        let visible = Self.items(1050, 1550, count: 50)
        #expect(r == RangeHints(visible: visible, display: visible, preload: visible))
        #expect(visible.count == 6)
    }

    @Test func lowMemoryEmptiesDisplayButVisibleRowsKeepTheirState() {
        // Display is forced empty, preload equals it; visible rows still get
        // visible | display | preload on screen (5.6).
        let on = layout(Self.table(count: 50, offset: 1000, mode: .lowMemory)).hints.ranges
        let visible = Self.items(1000, 1500, count: 50)
        #expect(on == RangeHints(visible: visible, display: visible, preload: visible))
        // Off screen, lowMemory visible rows are only preloaded.
        let off = layout(Self.table(count: 50, offset: 1000, mode: .lowMemory, visible: false)).hints.ranges
        #expect(off == RangeHints(visible: [], display: [], preload: visible))
    }

    @Test func offScreenContainerPreparesWhatWillBeVisible() {
        let r = layout(Self.table(count: 50, offset: 1000, mode: .full, scrolling: .down, visible: false)).hints.ranges
        let visible = Self.items(1000, 1500, count: 50)
        let d = Self.expanded(1000, Self.viewport, RangeTuning.defaultParameters(mode: .full, type: .display), forward: true)
        #expect(r.visible.isEmpty)
        #expect(r.display == visible)
        #expect(r.preload == Self.items(d.0, d.1, count: 50))
    }

    @Test func nothingVisibleMeansNoRanges() {
        let r = layout(Self.table(count: 5, offset: 2000, mode: .full)).hints.ranges
        #expect(r == RangeHints(visible: [], display: [], preload: []))
    }

    @Test(arguments: [(ScrollDirection.right, true), (.left, false)])
    func horizontalFlow(direction: ScrollDirection, forward: Bool) {
        let result = layout(Self.strip(count: 30, offset: 1000, mode: .full, scrolling: direction))
        #expect(result.contentSize == size(30 * Self.pitch, Self.viewport))
        #expect(result.hints.ranges == Self.expected(count: 30, offset: 1000, length: 320, mode: .full, forward: forward))
    }

    @Test func horizontalFirstAndLastScreens() {
        let first = layout(Self.strip(count: 30, offset: 0, mode: .minimum, scrolling: .right)).hints.ranges
        #expect(first == Self.expected(count: 30, offset: 0, length: 320, mode: .minimum, forward: true))
        let last = layout(Self.strip(count: 30, offset: 3000 - 320, mode: .minimum, scrolling: .right)).hints.ranges
        #expect(last == Self.expected(count: 30, offset: 3000 - 320, length: 320, mode: .minimum, forward: true))
        #expect(last.visible.last == ip(0, 29))
    }

    @Test func rowsTouchingTheViewportEdgeAreOutside() {
        // Row 5 starts exactly at the viewport's bottom edge (500): not visible.
        let r = layout(Self.table(count: 50, offset: 0, mode: .visibleOnly)).hints.ranges
        #expect(r.visible == (0...4).map { ip(0, $0) })
    }
}
