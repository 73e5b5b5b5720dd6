import Testing
import WeftCells
import WeftLayout

/// A nested container's own size and bounds (NestedContainer.swift's rules),
/// laid out through the layout engine as a `container` element.
@Suite struct NestedContainerLayoutTests {
    private func element(_ request: ContainerRequest, boundsGiven: Bool = false, style: Style = Style()) -> Element {
        Element(.container(NestedContainer(request: request, boundsGiven: boundsGiven)), style: style)
    }

    private func result(_ node: LayoutNode) throws -> NestedContainerResult {
        try #require(node.nestedResult?.value)
    }

    private func strip(_ cells: [Element], direction: FlowScrollDirection = .horizontal) -> ContainerRequest {
        var container = Container(type: .collection, bounds: size(1, 1), scrollDirection: direction)
        container.flow = FlowSettings(itemSpacing: 10, lineSpacing: 10)
        return ContainerRequest(container: container, items: cells.enumerated().map { .node("c\($0.offset)", $0.element) })
    }

    private func range(width: Double?, height: Double? = nil) -> SizeRange {
        SizeRange(
            min: Size(width: width ?? 0, height: height ?? 0),
            max: Size(width: width ?? .infinity, height: height ?? .infinity))
    }

    @Test func pagerPagesAreLaidOutAgainAtTheHeightOfTheTallest() throws {
        // Page 1 fixes its height at 50; page 0 is an empty box, which takes a bounded range's
        // maximum: measured free it is 0 high, then laid out again at exactly 300 x 50.
        let pager = ContainerRequest(
            container: Container(type: .pager, bounds: size(1, 1)),
            items: [.node("p0", Element(.box)), .node("p1", row(height: 50))])
        let node = LayoutEngine.layout(element(pager), in: range(width: 300), context: LayoutContext())
        #expect(node.size == size(300, 50))
        let answer = try result(node)
        #expect(answer.request.container.bounds == size(300, 50))
        #expect(answer.result.sections[0].items[0].layout?.size == size(300, 50))
        #expect(answer.result.sections[0].items[1].frame == Frame(x: 300, y: 0, width: 300, height: 50))
        #expect(answer.result.contentSize == size(600, 50))
    }

    @Test func aStripsHeadersAndFootersSpanTheHeightItTakesFromItsItems() throws {
        // A header that sets only its width, and a footer whose stack grows to
        // its range: as with `bounds` sent, both span the strip's 120 points.
        var request = strip([box(100, 120)])
        func width(_ w: Double) -> Style {
            var style = Style()
            style.width = .points(w)
            return style
        }
        request.sections[0].header = .node("h", Element(.box, style: width(30)))
        request.sections[0].footer = .node("f", Element(.stack(StackSpec()), style: width(20), children: [box(20, 10)]))
        let free = try result(LayoutEngine.layout(element(request), in: range(width: 320), context: LayoutContext()))
        #expect(free.request.container.bounds == size(320, 120))
        var sent = request
        sent.container.bounds = size(320, 120)
        let bounded = try result(
            LayoutEngine.layout(element(sent, boundsGiven: true), in: range(width: 320), context: LayoutContext()))
        for answer in [free, bounded] {
            #expect(answer.result.sections[0].header?.layout?.size == size(30, 120))
            #expect(answer.result.sections[0].footer?.layout?.size == size(20, 120))
        }
        #expect(free.result.sections[0].header?.frame == bounded.result.sections[0].header?.frame)
    }

    @Test func aHorizontalStripInAnUnboundedWidthTakesItsContentWidth() throws {
        // Three 40-wide columns 10 apart: 140.
        let node = LayoutEngine.layout(
            element(strip([box(40, 30), box(40, 30), box(40, 20)])), in: range(width: nil), context: LayoutContext())
        #expect(node.size == size(140, 30))
        let answer = try result(node)
        #expect(answer.result.sections[0].items.map(\.frame.x) == [0, 50, 100])
        #expect(answer.request.container.bounds == size(140, 30))
    }

    @Test func aGalleryStripKeepsItsItemSize() throws {
        var request = strip([box(10, 5), Element(.box)])
        request.container.layout = .gallery
        request.container.gallery = GallerySettings(itemSize: size(30, 20))
        request.container.contentInset = Edges(top: .fraction(0.5))
        let node = LayoutEngine.layout(element(request), in: range(width: 100), context: LayoutContext())
        // Every item is exactly 30 x 20 however it sizes itself; a percentage of the
        // height the strip takes from its cells adds nothing to that height.
        #expect(node.size == size(100, 20))
        #expect(try result(node).result.sections[0].items.map(\.frame.size) == [size(30, 20), size(30, 20)])
    }

    @Test func rightToLeftMirrorsTheStrip() throws {
        let context = LayoutContext(direction: .rtl)
        let node = LayoutEngine.layout(element(strip([box(40, 30), box(40, 30)])), in: range(width: 200), context: context)
        let answer = try result(node)
        // The content is 90 wide; mirrored, the first column is at its right end.
        #expect(answer.result.sections[0].items.map(\.frame.x) == [50, 0])
    }

    @Test func aVerticalCollectionWithABoundedHeightTakesTheMaximumLikeALeaf() throws {
        let vertical = strip([box(40, 30), box(40, 30)], direction: .vertical)
        let bounded = SizeRange(min: .zero, max: size(100, 80))
        let node = LayoutEngine.layout(element(vertical), in: bounded, context: LayoutContext())
        #expect(node.size == size(100, 80))
        // 40 + 10 + 40 fits the 100-point line: both on one line, justified to its edges.
        #expect(try result(node).result.sections[0].items.map(\.frame.x) == [0, 60])
    }

    @Test func sizesAndBoundsAreOnThePixelGrid() throws {
        // A third of a point is ceiled to the half-point grid at scale 2.
        var style = Style()
        style.height = .points(40.3)
        let node = LayoutEngine.layout(
            element(strip([box(40, 30)]), style: style), in: range(width: 100.2), context: LayoutContext(pointScale: 2))
        #expect(node.size == size(100.5, 40.5))
        #expect(try result(node).request.container.bounds == size(100.5, 40.5))
    }

    @Test func explicitBoundsKeepTheirViewport() throws {
        var request = strip([box(40, 30), box(40, 30), box(40, 30)])
        request.container.bounds = size(60, 30)
        request.container.contentOffset = Point(x: 55, y: 0)
        let node = LayoutEngine.layout(element(request, boundsGiven: true), in: range(width: 300), context: LayoutContext())
        #expect(node.size == size(300, 30))
        let answer = try result(node)
        // Viewport x 55..115: the second column (50..90) and the third (100..140).
        #expect(answer.result.hints.ranges.visible == [ip(0, 1), ip(0, 2)])
    }
}
