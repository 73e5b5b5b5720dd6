import Testing
import WeftCells
import WeftLayout

/// Section headers and footers span a collection's content across its scroll
/// axis: the bounds less the content insets on that axis, as
/// UICollectionViewFlowLayout frames them, in every collection layout and
/// both directions; the header's node is measured that broad, so its layout
/// and its frame agree.
@Suite struct CollectionSupplementaryBreadthTests {
    struct Case: Sendable, CustomStringConvertible {
        var layout: CollectionLayoutType
        var alignment: FlowAlignment = .justified
        var horizontal: Bool
        var direction: LayoutDirection

        var description: String {
            "\(layout)\(layout == .flow ? "-\(alignment)" : "") \(horizontal ? "horizontal" : "vertical") \(direction)"
        }
    }

    static let layouts: [(CollectionLayoutType, FlowAlignment)] = [
        (.flow, .justified), (.flow, .start), (.gallery, .justified), (.masonry, .justified),
    ]

    static let cases: [Case] = layouts.flatMap { layout, alignment in
        [false, true].flatMap { horizontal in
            [LayoutDirection.ltr, .rtl].map { Case(layout: layout, alignment: alignment, horizontal: horizontal, direction: $0) }
        }
    }

    /// 320 x 200 with content insets 4 (top), 5 (left), 6 (bottom), 7 (right):
    /// the content is 308 broad scrolling down, 190 scrolling sideways.
    static func request(_ c: Case, pointScale: Double = 0) -> ContainerRequest {
        var headerStyle = Style()
        if c.horizontal { headerStyle.width = .points(30) } else { headerStyle.height = .points(30) }
        let header = Cell.node("h", Element(.box, style: headerStyle))
        // An interop footer brings its own size; only its length counts.
        let footer = Cell.interop("f", size: size(10, 20))
        let items = (0..<3).map { Cell.node("i\($0)", box(40, 40)) }
        return ContainerRequest(
            container: Container(
                type: .collection, bounds: size(320, 200),
                contentInset: Edges(left: .points(5), top: .points(4), right: .points(7), bottom: .points(6)),
                scrollDirection: c.horizontal ? .horizontal : .vertical,
                flow: FlowSettings(alignment: c.alignment), layout: c.layout,
                gallery: GallerySettings(itemSize: size(40, 40)), masonry: MasonrySettings(columns: 2)),
            sections: [Section(header: header, footer: footer, items: items)], direction: c.direction, pointScale: pointScale)
    }

    @Test(arguments: cases)
    func headersAndFootersSpanTheContentNotTheBounds(_ c: Case) throws {
        let r = layout(Self.request(c))
        let header = try #require(r.sections[0].header)
        let footer = try #require(r.sections[0].footer)
        if c.horizontal {
            #expect(r.contentSize.height == 190)
            #expect(header.frame.y == 0 && header.frame.height == 190)
            #expect(footer.frame.y == 0 && footer.frame.size == size(10, 190))
            #expect(header.frame.width == 30)
            // Right to left, the first section starts at the right end.
            #expect(header.frame.x == (c.direction == .rtl ? r.contentSize.width - 30 : 0))
        } else {
            #expect(r.contentSize.width == 308)
            #expect(header.frame == Frame(x: 0, y: 0, width: 308, height: 30))
            #expect(footer.frame.x == 0 && footer.frame.size == size(308, 20))
        }
        #expect(header.layout?.frame.size == header.frame.size)
        for item in r.sections[0].items {
            #expect(item.frame.x >= 0 && item.frame.maxX <= r.contentSize.width, "\(item.frame)")
            #expect(item.frame.y >= 0 && item.frame.maxY <= r.contentSize.height, "\(item.frame)")
        }
    }

    @Test(arguments: cases.filter { $0.direction == .ltr })
    func headersAreMeasuredAtTheContentsBreadth(_ c: Case) throws {
        let job = try #require(ContainerLayout.jobs(for: Self.request(c)).first { $0.slot == .header })
        let free = Double.greatestFiniteMagnitude
        #expect(job.range == (c.horizontal
            ? SizeRange(min: size(0, 190), max: size(free, 190))
            : SizeRange(min: size(308, 0), max: size(308, free))))
    }

    // Insets broader than the bounds leave a header no breadth, never a negative one.
    @Test func insetsBroaderThanTheBoundsLeaveNoBreadth() throws {
        var request = Self.request(Case(layout: .flow, horizontal: false, direction: .ltr))
        request.container.contentInset = Edges(left: .points(200), right: .points(200))
        let job = try #require(ContainerLayout.jobs(for: request).first { $0.slot == .header })
        #expect(job.range.min.width == 0 && job.range.max.width == 0)
        #expect(layout(request).sections[0].footer?.frame.width == 0)
    }
}
