import Testing
@testable import WeftLayout

/// Vectors from Texture's spec snapshot tests (ASInsetLayoutSpecSnapshotTests.mm through
/// ASWrapperSpecSnapshotTests.mm) and ASDimensionTests.mm.
@Suite struct SimpleSpecTests {
    func inset(_ t: Double, _ l: Double, _ b: Double, _ r: Double, _ child: Element) -> Element {
        Element(.inset(InsetSpec(top: t, left: l, bottom: b, right: r)), children: [child])
    }

    @Test(arguments: [
        // (insets t,l,b,r) -> (spec size, child frame), range [(0,0),(300,300)], child 10x10
        ([10.0, 10, 10, 10], [30.0, 30, 10, 10, 10, 10]),
        ([10, 10, 10, .infinity], [300, 30, 10, 10, 10, 10]),
        ([10, .infinity, 10, 10], [300, 30, 280, 10, 10, 10]),
        ([10, .infinity, 10, .infinity], [300, 30, 145, 10, 10, 10]),
        ([.infinity, .infinity, .infinity, .infinity], [300, 300, 145, 145, 10, 10]),
    ])
    func insetsWithFixedChild(insets: [Double], expected: [Double]) {
        let root = inset(insets[0], insets[1], insets[2], insets[3], box("c", 10, 10))
        let r = frames(root, range(0, 0, 300, 300))
        #expect(r.size == Size(width: expected[0], height: expected[1]))
        #expect(r.byId["c"] == Frame(x: expected[2], y: expected[3], width: expected[4], height: expected[5]))
    }

    @Test func insetsIgnoreTheirOwnStyleSize() {
        var root = inset(10, 10, 10, 10, box("c", 10, 10))
        root.style.setPreferredSize(Size(width: 200, height: 200))
        #expect(frames(root, range(0, 0, 300, 300)).size == Size(width: 30, height: 30))
    }

    @Test func negativeInsetsAreOutsets() {
        let r = frames(inset(-5, -5, -5, -5, box("c", 10, 10)), range(0, 0, 300, 300))
        #expect(r.byId["c"] == Frame(x: -5, y: -5, width: 10, height: 10))
        #expect(r.size == Size(width: 0, height: 0))
    }

    @Test func overlayIsMeasuredAtTheChildsSize() {
        let centered = Element(.center(CenterSpec(centerX: true, centerY: true)), children: [box("o", 20, 20)])
        let root = Element(.overlay, children: [box("c", 0, 0), centered])
        let r = frames(root, exactly(320, 320))
        #expect(r.byId["c"]?.size == Size(width: 320, height: 320))
        #expect(r.byId["o"] == Frame(x: 150, y: 150, width: 20, height: 20))
    }

    @Test func backgroundIsDrawnBelowAndSizedToTheChild() {
        let root = Element(.background(hasBackground: true), children: [box("bg", 0, 0), box("c", 30, 40)])
        let node = LayoutEngine.layout(root, in: range(0, 0, 100, 100), context: LayoutContext(pointScale: 2))
        #expect(node.children.map(\.size) == [Size(width: 30, height: 40), Size(width: 30, height: 40)])
    }

    @Test(arguments: [
        // centering x/y, minimum sizing x/y -> spec size, child frame; range [(100,120),(320,160)], child 70x100
        (false, false, false, false, [320.0, 160, 0, 0, 100, 120]),
        (true, false, false, false, [320, 160, 125, 0, 70, 120]),
        (false, true, false, false, [320, 160, 0, 30, 100, 100]),
        (true, true, false, false, [320, 160, 125, 30, 70, 100]),
        (false, false, true, false, [100, 160, 0, 0, 100, 120]),
        (false, false, false, true, [320, 120, 0, 0, 100, 120]),
        (false, false, true, true, [100, 120, 0, 0, 100, 120]),
    ])
    func center(x: Bool, y: Bool, minX: Bool, minY: Bool, expected: [Double]) {
        var sizing: MinimumSizing = []
        if minX { sizing.insert(.width) }
        if minY { sizing.insert(.height) }
        let root = Element(.center(CenterSpec(centerX: x, centerY: y, sizing: sizing)), children: [box("c", 70, 100)])
        let r = frames(root, range(100, 120, 320, 160))
        #expect(r.size == Size(width: expected[0], height: expected[1]))
        #expect(r.byId["c"] == Frame(x: expected[2], y: expected[3], width: expected[4], height: expected[5]))
    }

    @Test(arguments: [
        (RelativePosition.start, RelativePosition.start, 0.0, 0.0),
        (.center, .center, 125, 30),
        (.end, .end, 250, 60),
        (.end, .center, 250, 30),
    ])
    func relativePositions(h: RelativePosition, v: RelativePosition, x: Double, y: Double) {
        let root = Element(.relative(RelativeSpec(horizontal: h, vertical: v)), children: [box("c", 70, 100)])
        let r = frames(root, range(100, 120, 320, 160))
        #expect(r.size == Size(width: 320, height: 160))
        #expect(r.byId["c"]?.origin == Point(x: x, y: y))
    }

    @Test(arguments: [
        (0.5, Size(width: 100, height: 100), Size(width: 100, height: 50)),
        (2.0, Size(width: 100, height: 100), Size(width: 50, height: 100)),
        (7.0, Size(width: 100, height: 100), Size(width: 14, height: 100)),
        (10.0, Size(width: 20, height: 200), Size(width: 10, height: 100)),
    ])
    func ratio(ratio: Double, child: Size, expected: Size) {
        let root = Element(.ratio(ratio), children: [box("c", child.width, child.height)])
        let r = frames(root, range(0, 0, 100, 100))
        #expect(r.size == expected)
        #expect(r.byId["c"]?.size == expected)
    }

    func absolute(_ secondAt: Point = Point(x: 0, y: 50)) -> Element {
        Element(.absolute(.default), children: [
            box("a", 50, 50),
            box("b", 100, 100) { $0.layoutPosition = secondAt },
        ])
    }

    @Test func absoluteWithUnboundedRangeFitsItsChildrenButKeepsTheMinimum() {
        let r = frames(absolute(), range(150, 200, .infinity, .infinity))
        #expect(r.size == Size(width: 150, height: 200))
        #expect(r.byId["b"]?.size == Size(width: 100, height: 100))
        #expect(frames(absolute(), .unconstrained).size == Size(width: 100, height: 150))
    }

    @Test func absoluteShrinksChildrenToTheSpaceLeft() {
        let r = frames(absolute(), range(0, 0, 50, 100))
        #expect(r.size == Size(width: 50, height: 100))
        #expect(r.byId["b"] == Frame(x: 0, y: 50, width: 50, height: 50))
        let placed = frames(absolute(Point(x: 10, y: 60)), range(10, 10, 110, 160))
        #expect(placed.size == Size(width: 110, height: 160))
        #expect(placed.byId["b"] == Frame(x: 10, y: 60, width: 100, height: 100))
    }

    @Test(arguments: [
        (CornerLocation.topLeft, Point.zero, false, Size(width: 60, height: 60), Point.zero, Point(x: -10, y: -10)),
        (.topLeft, .zero, true, Size(width: 70, height: 70), Point(x: 10, y: 10), Point.zero),
        (.topRight, .zero, true, Size(width: 70, height: 70), Point(x: 0, y: 10), Point(x: 50, y: 0)),
        (.bottomLeft, .zero, true, Size(width: 70, height: 70), Point(x: 10, y: 0), Point(x: 0, y: 50)),
        (.bottomRight, .zero, true, Size(width: 70, height: 70), Point.zero, Point(x: 50, y: 50)),
        (.topLeft, Point(x: 10, y: 10), true, Size(width: 60, height: 60), Point.zero, Point.zero),
        (.bottomRight, Point(x: -10, y: -10), false, Size(width: 60, height: 60), Point.zero, Point(x: 40, y: 40)),
        (.topLeft, Point(x: -10, y: -10), true, Size(width: 80, height: 80), Point(x: 20, y: 20), Point.zero),
    ])
    func corner(location: CornerLocation, offset: Point, wraps: Bool, size: Size, child: Point, corner: Point) {
        let root = Element(.corner(CornerSpec(location: location, offset: offset, wrapsCorner: wraps)),
                           children: [box("c", 60, 60), box("k", 20, 20)])
        let r = frames(root, range(0, 0, 120, 120))
        #expect(r.size == size)
        #expect(r.byId["c"]?.origin == child)
        #expect(r.byId["k"]?.origin == corner)
    }

    @Test func wrapperSizesToTheLargestChild() {
        let root = Element(.wrapper, children: [box("a", 100, 100), box("b", 50, 50)])
        let r = frames(root, .unconstrained)
        #expect(r.size == Size(width: 100, height: 100))
        #expect(r.byId["b"]?.origin == .zero)
    }

    @Test func pixelGridCeilsWithTextureEpsilon() {
        #expect(PixelGrid(scale: 2).ceil(190.909) == 191)
        #expect(abs(PixelGrid(scale: 3).ceil(127.2727) - 382.0 / 3) < 1e-12)
        #expect(PixelGrid(scale: 2).ceil(10.0000001) == 10)
        #expect(PixelGrid(scale: 2).ceil(0).sign == .plus)
        #expect(PixelGrid(scale: 2).floor(100.0 / 7) == 14)
        #expect(PixelGrid(scale: 2).round(2.25) == 2.5)
        #expect(PixelGrid(scale: 0).ceil(1.234) == 1.234)
    }

    @Test(arguments: [
        // lo, exact, hi -> range (ASLayoutElementSizeResolve, ASDimension.mm)
        (0.0, Double.nan, Double.infinity, 0.0, Double.infinity),
        (0, 100, .infinity, 100, 100),
        (200, 100, .infinity, 200, 200),
        (0, 300, 120, 120, 120),
        (200, 100, 120, 200, 200),
        (100, .nan, 100, 100, 100),
        (50, .nan, 80, 50, 80),
    ])
    func constrainMinBeatsMaxBeatsExact(lo: Double, exact: Double, hi: Double, rMin: Double, rMax: Double) {
        let r = Style.constrain(lo: lo, exact: exact, hi: hi)
        #expect(r.0 == rMin)
        #expect(r.1 == rMax)
    }

    @Test func rangeClampLetsTheMinimumWinAndNaNBecomeTheMinimum() {
        let inverted = SizeRange(min: Size(width: 50, height: 50), max: Size(width: 10, height: 10))
        #expect(inverted.clamp(Size(width: 30, height: .nan)) == Size(width: 50, height: 50))
    }
}
