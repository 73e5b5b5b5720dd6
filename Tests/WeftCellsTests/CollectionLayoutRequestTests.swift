import Testing
import WeftCells
import WeftLayout

/// The collection layouts, pinned headers and supplementary ranges through
/// `ContainerLayout`: the request's settings reach the ranges cells are
/// measured in, their frames and the hints.
@Suite struct CollectionLayoutRequestTests {
    static func collection(
        _ layout: CollectionLayoutType, items: [Cell], width: Double = 320, flow: FlowSettings = FlowSettings(),
        gallery: GallerySettings = GallerySettings(), masonry: MasonrySettings = MasonrySettings()
    ) -> ContainerRequest {
        ContainerRequest(
            container: Container(
                type: .collection, bounds: size(width, 480), flow: flow, layout: layout, gallery: gallery, masonry: masonry),
            items: items)
    }

    /// A cell that takes any width it is offered and is `height` tall.
    static func flexible(_ id: String, height: Double) -> Cell { Cell.node(id, row(height: height)) }

    @Test func justifiedStaysTheDefaultAndStartPacksTheLastLine() {
        let items = (0..<4).map { Cell.node("i\($0)", box(100, 100)) }
        let justified = layout(Self.collection(.flow, items: items))
        let start = layout(Self.collection(.flow, items: items, flow: FlowSettings(itemSpacing: 0, alignment: .start)))
        #expect(justified.sections[0].items[3].frame.x == 110)
        #expect(start.sections[0].items.map(\.frame.x) == [0, 100, 200, 0])
    }

    @Test func galleryCellsAreMeasuredAndPlacedAtTheItemSize() {
        let items = [Self.flexible("a", height: 10), Cell.interop("b", size: size(5, 5)), Self.flexible("c", height: 500)]
        let request = Self.collection(.gallery, items: items, gallery: GallerySettings(itemSize: size(150, 90)))
        #expect(ContainerLayout.jobs(for: request).map(\.range) == Array(repeating: SizeRange(exactly: size(150, 90)), count: 3))
        let r = layout(request)
        #expect(r.sections[0].items.map(\.frame) == [
            Frame(x: 0, y: 0, width: 150, height: 90), Frame(x: 160, y: 0, width: 150, height: 90),
            Frame(x: 0, y: 100, width: 150, height: 90),
        ])
        #expect(r.contentSize == size(320, 190))
        #expect(r.warnings.isEmpty)
    }

    @Test func galleryTooBroadForALineWarnsOnceAtTheItemSize() {
        let request = Self.collection(
            .gallery, items: (0..<3).map { Self.flexible("i\($0)", height: 1) }, gallery: GallerySettings(itemSize: size(400, 50)))
        #expect(layout(request).warnings.map(\.path.description) == ["/container/gallery/itemSize"])
    }

    @Test func masonryWithNoRoomForItsColumnsWarnsOnceAtTheColumns() {
        let items = (0..<3).map { Self.flexible("i\($0)", height: 10) }
        let spacing = CollectionSpacing(itemSpacing: 10, lineSpacing: 4)
        // 40 columns 10 apart need 390 points before any column gets a width.
        let crowded = layout(Self.collection(.masonry, items: items, masonry: MasonrySettings(columns: 40, spacing: spacing)))
        #expect(crowded.warnings.map(\.path.description) == ["/container/masonry/columns"])
        let fitting = layout(Self.collection(.masonry, items: items, masonry: MasonrySettings(columns: 3, spacing: spacing)))
        #expect(fitting.warnings.isEmpty)
    }

    @Test func masonryMeasuresAtTheColumnWidthAndUsesTheGivenSpacing() {
        let items = [Self.flexible("a", height: 100), Self.flexible("b", height: 40), Self.flexible("c", height: 30)]
        let request = Self.collection(
            .masonry, items: items, masonry: MasonrySettings(columns: 2, spacing: CollectionSpacing(itemSpacing: 20, lineSpacing: 4)))
        // (320 - 20) / 2 = 150.
        #expect(ContainerLayout.jobs(for: request)[0].range == SizeRange(min: size(150, 0), max: size(150, .greatestFiniteMagnitude)))
        let r = layout(request)
        #expect(r.sections[0].items.map(\.frame) == [
            Frame(x: 0, y: 0, width: 150, height: 100), Frame(x: 170, y: 0, width: 150, height: 40),
            Frame(x: 170, y: 44, width: 150, height: 30),
        ])
        #expect(r.contentSize == size(320, 100))
    }

    static func table(offset: Double, pinHeaders: Bool) -> ContainerRequest {
        func header(_ id: String) -> Cell { Cell.node(id, row(height: 40)) }
        let sections = (0..<3).map { s in
            Section(header: header("h\(s)"), items: (0..<3).map { Cell.node("r\(s)-\($0)", row(height: 100)) })
        }
        return ContainerRequest(
            container: Container(
                type: .table, bounds: size(320, 200), contentOffset: Point(x: 0, y: offset), rangeMode: .visibleOnly,
                separatorStyle: .none, pinHeaders: pinHeaders),
            sections: sections)
    }

    @Test func pinnedHeadersAreAnsweredAndCountedWhereTheyAreDrawn() {
        // Sections are 340 tall: header 0..<40, rows to 340; the next header at 340.
        // At 400 the first header has been pushed up to 300 (off screen), the
        // second sticks at 400 where a row would otherwise be drawn.
        let r = layout(Self.table(offset: 400, pinHeaders: true))
        #expect(r.sections.map { $0.header?.pinnedFrame?.y } == [300, 400, 680])
        #expect(r.sections.map { $0.header?.frame.y } == [0, 340, 680])
        #expect(r.hints.ranges.supplementary.visible == [.header(1)])
        #expect(r.hints.ranges.visible == [ip(1, 0), ip(1, 1), ip(1, 2)])
    }

    /// A flow section ends after its items' bottom section inset, where the
    /// next section's header begins: its pinned header is pushed up from there.
    @Test func aFlowSectionsBottomInsetIsPartOfTheSectionThatPushesItsHeader() {
        func request(offset: Double, footer: Bool) -> ContainerRequest {
            let sections = (0..<2).map { s in
                Section(
                    header: Self.flexible("h\(s)", height: 20), footer: footer ? Self.flexible("f\(s)", height: 10) : nil,
                    items: (0..<3).map { Self.flexible("i\(s)-\($0)", height: 30) })
            }
            return ContainerRequest(
                container: Container(
                    type: .collection, bounds: size(300, 100), contentOffset: Point(x: 0, y: offset),
                    flow: FlowSettings(lineSpacing: 0, sectionInset: Edges(top: .points(5), bottom: .points(15))),
                    pinHeaders: true),
                sections: sections)
        }
        // Section 0: header 0..<20, inset to 25, items to 115, inset to 130.
        let plain = layout(request(offset: 120, footer: false))
        #expect(plain.sections[0].items.map(\.frame.y) == [25, 55, 85])
        #expect(plain.sections.map { $0.header?.pinnedFrame?.y } == [110, 130])
        // With a footer after the inset (130..<140), the footer's end is the section's.
        let footed = layout(request(offset: 130, footer: true))
        #expect(footed.sections.map { $0.header?.pinnedFrame?.y } == [120, 140])
    }

    @Test func withoutPinningHeadersHaveNoPinnedFrameAndCountWhereTheyAre() {
        let r = layout(Self.table(offset: 300, pinHeaders: false))
        #expect(r.sections.allSatisfy { $0.header?.pinnedFrame == nil })
        #expect(r.hints.ranges.supplementary.visible == [.header(1)])
        #expect(r.hints.ranges.visibleElements == [
            .item(ip(0, 2)), .supplementary(.header(1)), .item(ip(1, 0)), .item(ip(1, 1)),
        ])
    }

    @Test func galleryAndMasonrySettingsAreValidated() {
        let items = [Self.flexible("a", height: 1)]
        let gallery = ContainerValidation.validate(Self.collection(
            .gallery, items: items, gallery: GallerySettings(itemSize: size(0, 10), spacing: CollectionSpacing(lineSpacing: -1))))
        #expect(gallery.map(\.path.description) == ["/container/gallery/itemSize", "/container/gallery/lineSpacing"])
        let masonry = ContainerValidation.validate(Self.collection(.masonry, items: items, masonry: MasonrySettings(columns: 0)))
        #expect(masonry.map(\.path.description) == ["/container/masonry/columns"])
        // A flow collection does not read the other layouts' settings.
        #expect(ContainerValidation.validate(Self.collection(.flow, items: items, masonry: MasonrySettings(columns: 0))).isEmpty)
    }
}
