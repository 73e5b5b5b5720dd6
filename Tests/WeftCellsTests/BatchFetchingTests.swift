import Testing
import WeftCells
import WeftLayout

/// One row of the vectors of Texture's ASBatchFetchingTests.mm. Velocity is
/// zero, visible is true and there is no delegate in every call.
struct BatchVector: Sendable, CustomTestStringConvertible {
    let row: Int
    let fetching: Bool
    let dir: ScrollDirection
    let scrollable: ScrollDirection
    let bounds: (Double, Double)
    let content: (Double, Double)
    let offset: (Double, Double)
    let leading: Double
    let rtl: Bool
    let flips: Bool
    let expected: Bool

    var testDescription: String { "row \(row)" }
}

private let V = ScrollDirection.vertical
private let H = ScrollDirection.horizontal

// Columns: #, fetching, dir, S, bounds (w, h), content, offset, L, RTL, flips, expected.
private let vectors: [BatchVector] = [
    BatchVector(row: 1, fetching: false, dir: .down, scrollable: V, bounds: (0, 0), content: (0, 0), offset: (0, 0), leading: 0, rtl: false, flips: false, expected: false),
    BatchVector(row: 2, fetching: false, dir: .down, scrollable: V, bounds: (0, 0), content: (0, 0), offset: (0, 0), leading: 0, rtl: true, flips: false, expected: false),
    BatchVector(row: 3, fetching: false, dir: .down, scrollable: V, bounds: (0, 0), content: (0, 0), offset: (0, 0), leading: 0, rtl: true, flips: true, expected: false),
    BatchVector(row: 4, fetching: true, dir: .down, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: false, flips: false, expected: false),
    BatchVector(row: 5, fetching: true, dir: .down, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: false, expected: false),
    BatchVector(row: 6, fetching: true, dir: .down, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: true, expected: false),
    BatchVector(row: 7, fetching: false, dir: .right, scrollable: H, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 8, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 9, fetching: false, dir: .up, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: false, flips: false, expected: false),
    BatchVector(row: 10, fetching: false, dir: .left, scrollable: H, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: false, flips: false, expected: false),
    BatchVector(row: 11, fetching: false, dir: .right, scrollable: H, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: false, expected: false),
    BatchVector(row: 12, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 13, fetching: false, dir: .up, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: false, expected: false),
    BatchVector(row: 14, fetching: false, dir: .left, scrollable: H, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 15, fetching: false, dir: .right, scrollable: H, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: true, expected: false),
    BatchVector(row: 16, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 17, fetching: false, dir: .up, scrollable: V, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: true, expected: false),
    BatchVector(row: 18, fetching: false, dir: .left, scrollable: H, bounds: (1, 1), content: (1, 1), offset: (1, 1), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 19, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 1), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 20, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 1), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 21, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 1), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 22, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 0.5), leading: 1, rtl: false, flips: false, expected: false),
    BatchVector(row: 23, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 0.5), leading: 1, rtl: true, flips: false, expected: false),
    BatchVector(row: 24, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 0.5), leading: 1, rtl: true, flips: true, expected: false),
    BatchVector(row: 25, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 3), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 26, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 3), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 27, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 3), offset: (0, 3), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 28, fetching: false, dir: .right, scrollable: V, bounds: (1, 1), content: (3, 0), offset: (1, 0), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 29, fetching: false, dir: .right, scrollable: V, bounds: (1, 1), content: (3, 0), offset: (1, 0), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 30, fetching: false, dir: .right, scrollable: V, bounds: (1, 1), content: (3, 0), offset: (1, 0), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 31, fetching: false, dir: .left, scrollable: H, bounds: (1, 1), content: (3, 0), offset: (0.5, 0), leading: 1, rtl: false, flips: false, expected: false),
    BatchVector(row: 32, fetching: false, dir: .left, scrollable: H, bounds: (1, 1), content: (3, 0), offset: (0.5, 0), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 33, fetching: false, dir: .left, scrollable: H, bounds: (1, 1), content: (3, 0), offset: (0.5, 0), leading: 1, rtl: true, flips: true, expected: false),
    BatchVector(row: 34, fetching: false, dir: .down, scrollable: H, bounds: (1, 1), content: (3, 0), offset: (3, 0), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 35, fetching: false, dir: .down, scrollable: H, bounds: (1, 1), content: (3, 0), offset: (3, 0), leading: 1, rtl: true, flips: false, expected: false),
    BatchVector(row: 36, fetching: false, dir: .down, scrollable: H, bounds: (1, 1), content: (3, 0), offset: (3, 0), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 37, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 0.5), offset: (0, 0), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 38, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 0.5), offset: (0, 0), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 39, fetching: false, dir: .down, scrollable: V, bounds: (1, 1), content: (0, 0.5), offset: (0, 0), leading: 1, rtl: true, flips: true, expected: true),
    BatchVector(row: 40, fetching: false, dir: .right, scrollable: H, bounds: (1, 1), content: (0.5, 0), offset: (0, 0), leading: 1, rtl: false, flips: false, expected: true),
    BatchVector(row: 41, fetching: false, dir: .right, scrollable: H, bounds: (1, 1), content: (0.5, 0), offset: (0, 0), leading: 1, rtl: true, flips: false, expected: true),
    BatchVector(row: 42, fetching: false, dir: .right, scrollable: H, bounds: (1, 1), content: (0.5, 0), offset: (0, 0), leading: 1, rtl: true, flips: true, expected: true),
]

private func input(_ v: BatchVector) -> BatchFetching.Input {
    BatchFetching.Input(
        isFetching: v.fetching, direction: v.dir, scrollable: v.scrollable,
        bounds: Size(width: v.bounds.0, height: v.bounds.1), contentSize: Size(width: v.content.0, height: v.content.1),
        offset: Point(x: v.offset.0, y: v.offset.1), leadingScreens: v.leading, visible: true, rightToLeft: v.rtl,
        flipsHorizontally: v.flips)
}

@Suite struct BatchFetchingTests {
    @Test func allFortyTwoVectorsAreTabulated() {
        #expect(vectors.count == 42)
        #expect(vectors.map(\.row) == Array(1...42))
    }

    @Test(arguments: vectors)
    func textureVector(_ v: BatchVector) {
        #expect(BatchFetching.shouldFetch(input(v)) == v.expected)
    }

    // ASDisplayShouldFetchBatchForContext (ASBatchFetching.mm): bounds 320x568, content 2000, L 2, down.
    @Test(arguments: [(300.0, true), (295.0, false)])
    func derivedTableExample(offset: Double, expected: Bool) {
        let i = BatchFetching.Input(
            direction: .down, scrollable: .vertical, bounds: Size(width: 320, height: 568),
            contentSize: Size(width: 320, height: 2000), offset: Point(x: 0, y: offset), leadingScreens: 2)
        #expect(BatchFetching.shouldFetch(i) == expected)
    }

    @Test func triggerOffsetIsWhereRemainingMeetsTheLeadingScreens() {
        // remaining = 2000 - 568 - off <= 568 x 2  <=>  off >= 2000 - 568 x 3.
        let trigger = 2000.0 - 568 * 3
        var i = BatchFetching.Input(
            direction: .down, scrollable: .vertical, bounds: Size(width: 320, height: 568),
            contentSize: Size(width: 320, height: 2000), offset: .zero, leadingScreens: 2)
        #expect(BatchFetching.triggerOffset(i) == trigger)
        i.offset.y = trigger
        #expect(BatchFetching.shouldFetch(i))
        i.offset.y = trigger - 0.5
        #expect(!BatchFetching.shouldFetch(i))
    }

    @Test func rightToLeftWithoutFlippingTriggersNearOffsetZero() {
        // remaining = offset <= 320 x 2 for a horizontal layout that does not flip.
        var i = BatchFetching.Input(
            direction: .left, scrollable: .horizontal, bounds: Size(width: 320, height: 568),
            contentSize: Size(width: 3000, height: 568), offset: Point(x: 1000, y: 0), leadingScreens: 2,
            rightToLeft: true, flipsHorizontally: false)
        #expect(BatchFetching.triggerOffset(i) == 640)
        #expect(!BatchFetching.shouldFetch(i))
        i.offset.x = 640
        #expect(BatchFetching.shouldFetch(i))
    }

    @Test func noTriggerWithoutLeadingScreens() {
        let i = BatchFetching.Input(
            direction: .down, scrollable: .vertical, bounds: Size(width: 320, height: 568),
            contentSize: Size(width: 320, height: 2000), offset: .zero, leadingScreens: 0)
        #expect(BatchFetching.triggerOffset(i) == nil)
        #expect(!BatchFetching.shouldFetch(i))
    }

    @Test func shortContentFetchesEvenWhenNotVisible() {
        let i = BatchFetching.Input(
            direction: .up, scrollable: .vertical, bounds: Size(width: 320, height: 568),
            contentSize: Size(width: 320, height: 100), offset: .zero, leadingScreens: 2, visible: false)
        #expect(BatchFetching.shouldFetch(i))
    }
}
