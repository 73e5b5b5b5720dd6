import Testing
import WeftCells
import WeftLayout

/// A 1,000-cell feed laid out as a container must give every cell exactly
/// what `POST /v1/layout/node` gives the same tree in the same range, and
/// the rows must tile the content.
@Suite struct FeedTests {
    static let width = 375.0
    static let scale = 2.0

    /// A post: an author row (avatar and a growing body, as in api.md's
    /// example) over a media block whose height varies with `i` (a ratio spec
    /// or an image) with a background behind it and a badge over it, all in
    /// padding.
    static func post(_ i: Int) -> Element {
        var bodyStyle = Style()
        bodyStyle.flexGrow = 1
        bodyStyle.height = .points(20 + Double(i % 9) * 3.1)
        var authorSpec = StackSpec()
        authorSpec.spacing = 8
        authorSpec.alignItems = .start
        let author = Element(
            .stack(authorSpec), id: "author",
            children: [box(44, 44, id: "avatar"), Element(.box, id: "body", style: bodyStyle)])

        let media: Element
        if i % 2 == 0 {
            media = Element(.ratio(0.25 + Double(i % 7) * 0.13), id: "media", children: [Element(.box, id: "photo")])
        } else {
            media = Element(.image(intrinsicSize: Size(width: 200, height: 40 + Double(i % 11) * 7.3)), id: "media")
        }
        let badge = Element(
            .relative(RelativeSpec(horizontal: .end, vertical: .start)), children: [box(24, 24, id: "badge")])
        let card = Element(.overlay, children: [media, badge])
        let withBackground = Element(.background(hasBackground: true), children: [Element(.box, id: "bg"), card])

        var columnSpec = StackSpec()
        columnSpec.direction = .vertical
        columnSpec.spacing = 6
        let column = Element(.stack(columnSpec), children: i % 4 == 3 ? [withBackground] : [author, withBackground])
        return Element(
            .inset(InsetSpec(top: 8 + Double(i % 5), left: 12, bottom: 8, right: 12)), id: "post-\(i)",
            children: [column])
    }

    static let feed = (0..<1000).map { Cell.node("post-\($0)", post($0)) }

    @Test func tableFeedMatchesNodeLayoutsAndTiles() {
        let request = ContainerRequest(
            container: Container(type: .table, bounds: size(Self.width, 667)), items: Self.feed, pointScale: Self.scale)
        #expect(ContainerValidation.validate(request).isEmpty)
        let result = ContainerLayout.layout(request, context: LayoutContext())
        let items = result.sections[0].items
        #expect(items.count == 1000)

        // Texture's table range (4.1), built here independently of WeftCells.
        let range = SizeRange(min: size(Self.width, 0), max: size(Self.width, .greatestFiniteMagnitude))
        let context = LayoutContext(pointScale: Self.scale)
        let separator = 1 / Self.scale
        var union = Frame.zero
        var previousBottom = 0.0
        for (i, item) in items.enumerated() {
            let node = LayoutEngine.layout(Self.post(i), in: range, context: context)
            #expect(item.layout == node, "cell \(i)")
            #expect(item.index == ip(0, i))
            #expect(item.frame == Frame(x: 0, y: previousBottom, width: Self.width, height: node.size.height + separator), "cell \(i)")
            previousBottom = item.frame.maxY
            union = Frame(x: 0, y: 0, width: max(union.maxX, item.frame.maxX), height: max(union.maxY, item.frame.maxY))
        }
        #expect(result.contentSize == union.size)
        // The author row's body grows into the row: 375 less 2 x 12 padding,
        // the 44-point avatar and the 8-point spacing.
        let body = items[0].layout?.children.first?.children.first?.children.last
        #expect(body?.frame.width == Self.width - 24 - 44 - 8)
        // The heights really vary, so tiling is not trivially a multiple.
        #expect(Set(items.map(\.frame.height)).count > 10)
    }

    @Test func collectionFeedMatchesNodeLayoutsWithoutOverlaps() {
        let request = ContainerRequest(
            container: Container(
                type: .collection, bounds: size(Self.width, 667), flow: FlowSettings(itemSpacing: 4, lineSpacing: 6)),
            items: Self.feed.enumerated().map { i, cell in
                // Narrow some cells so lines hold more than one item.
                var c = cell
                if i % 3 != 0 { c.style.maxWidth = .points(180) }
                return c
            }, pointScale: Self.scale)
        let result = ContainerLayout.layout(request, context: LayoutContext())
        let items = result.sections[0].items
        let range = SizeRange(min: .zero, max: size(Self.width, .greatestFiniteMagnitude))
        let context = LayoutContext(pointScale: Self.scale)
        for (i, item) in items.enumerated() {
            var cellRange = range
            if i % 3 != 0 { cellRange.max.width = 180 }
            let node = LayoutEngine.layout(Self.post(i), in: cellRange, context: context)
            #expect(item.layout == node, "cell \(i)")
            #expect(item.frame.size == node.size, "cell \(i)")
            #expect(item.frame.x >= 0 && item.frame.maxX <= Self.width, "cell \(i)")
        }
        // Items in index order never move backwards past a line; check each
        // against its neighbours within a window wide enough for two lines.
        for i in items.indices {
            for j in (i + 1)..<min(items.count, i + 6) {
                let a = items[i].frame, b = items[j].frame
                let overlap = a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
                #expect(!overlap, "cells \(i) and \(j)")
            }
        }
        #expect(result.contentSize.height == items.map(\.frame.maxY).max())
        #expect(items.contains { $0.frame.x > 0 })
    }

    @Test func pagesCoverTheFeed() {
        let request = ContainerRequest(
            container: Container(type: .table, bounds: size(Self.width, 667), separatorStyle: .none), items: Self.feed)
        let result = layout(request)
        let pages = result.hints.pages
        let expectedCount = Int((result.contentSize.height / 667).rounded(.up))
        #expect(pages.count == expectedCount)
        #expect(pages.first?.firstItem == ip(0, 0))
        #expect(pages.last?.lastItem == ip(0, 999))
        for page in pages {
            #expect(page.offset == Point(x: 0, y: Double(page.index) * 667))
            // The first item of a page is the row under its top edge.
            let top = page.offset.y
            let expectedFirst = result.sections[0].items.first { $0.frame.y <= top && top < $0.frame.maxY }?.index
            #expect(page.firstItem == expectedFirst)
        }
    }
}

@Suite struct PagesTests {
    @Test func anItemSpanningTwoPagesIsInBoth() {
        let frames = [(ip(0, 0), Frame(x: 0, y: 0, width: 10, height: 150)), (ip(0, 1), Frame(x: 0, y: 150, width: 10, height: 100))]
        let pages = Pages.compute(itemFrames: frames, contentSize: size(10, 250), viewport: size(10, 100), horizontal: false)
        #expect(pages.map(\.firstItem) == [ip(0, 0), ip(0, 0), ip(0, 1)])
        #expect(pages.map(\.lastItem) == [ip(0, 0), ip(0, 1), ip(0, 1)])
    }

    @Test func emptyContentIsOneEmptyPage() {
        let pages = Pages.compute(itemFrames: [], contentSize: .zero, viewport: size(320, 480), horizontal: false)
        #expect(pages == [PageHint(index: 0, offset: .zero, firstItem: nil, lastItem: nil)])
    }

    @Test func aTinyViewportStopsAtThePageLimit() {
        let frames = [(ip(0, 0), Frame(x: 0, y: 0, width: 10, height: 1e6))]
        let viewport = size(10, 1e-3)
        let pages = Pages.compute(itemFrames: frames, contentSize: size(10, 1e6), viewport: viewport, horizontal: false)
        #expect(pages.count == ContainerLimits.maxPages)
        #expect(pages.last?.lastItem == ip(0, 0))
        #expect(Pages.isTruncated(contentSize: size(10, 1e6), viewport: viewport, horizontal: false))
    }
}
