import Testing
@testable import WeftCells
import WeftLayout

/// `pinHeaders`: a header sticks to the top of the visible bounds while its
/// section is on screen, until the section's end pushes it up.
@Suite struct PinnedHeadersTests {
    /// Two sections of a 320-wide table: a 40-point header, rows of 100.
    /// Section 0 spans 0..<240 (header 0..<40), section 1 240..<580 (header 240..<280, a 20-point footer).
    static let sections = [
        SectionFrames(header: frame(0, 0, 320, 40), footer: nil, items: [frame(0, 40, 320, 100), frame(0, 140, 320, 100)]),
        SectionFrames(
            header: frame(0, 240, 320, 40), footer: frame(0, 560, 320, 20),
            items: [frame(0, 280, 320, 100), frame(0, 380, 320, 100), frame(0, 460, 320, 100)]),
        SectionFrames(header: nil, footer: nil, items: [frame(0, 580, 320, 100)]),
    ]

    static func pinnedY(at offset: Double, inset: Double = 0) -> [Double?] {
        PinnedHeaders.frames(
            sections, contentOffset: Point(x: 0, y: offset), viewport: size(320, 200), contentInset: Insets(top: inset),
            contentSize: size(320, 680), horizontal: false, rightToLeft: false
        ).map { $0?.y }
    }

    @Test func beforeTheSectionsHeadersStayInPlace() {
        #expect(Self.pinnedY(at: -50) == [0, 240, nil])
        #expect(Self.pinnedY(at: 0) == [0, 240, nil])
    }

    @Test func insideItsSectionAHeaderSticksToTheTop() {
        #expect(Self.pinnedY(at: 100) == [100, 240, nil])
        #expect(Self.pinnedY(at: 300) == [200, 300, nil])
    }

    @Test func theSectionsEndPushesItsHeaderUp() {
        // Section 0 ends at 240: its header's bottom never passes it.
        #expect(Self.pinnedY(at: 220) == [200, 240, nil])
        // Section 1 ends with its footer at 580.
        #expect(Self.pinnedY(at: 560) == [200, 540, nil])
    }

    @Test func afterTheSectionItsHeaderStaysAtTheSectionsEnd() {
        #expect(Self.pinnedY(at: 1000) == [200, 540, nil])
    }

    @Test func theContentInsetMovesThePinningLine() {
        #expect(Self.pinnedY(at: -64, inset: 64) == [0, 240, nil])
        #expect(Self.pinnedY(at: 36, inset: 64) == [100, 240, nil])
    }

    @Test func onlyTheScrollAxisMoves() {
        let pinned = PinnedHeaders.frames(
            Self.sections, contentOffset: Point(x: 0, y: 100), viewport: size(320, 200), contentInset: .zero,
            contentSize: size(320, 680), horizontal: false, rightToLeft: false)
        #expect(pinned[0] == frame(0, 100, 320, 40))
    }

    /// A horizontal collection: header 0..<30, items to 200; header 200..<230, items to 500.
    static let strip = [
        SectionFrames(header: frame(0, 0, 30, 100), footer: nil, items: [frame(30, 0, 170, 100)]),
        SectionFrames(header: frame(200, 0, 30, 100), footer: nil, items: [frame(230, 0, 270, 100)]),
    ]

    static let leftEdgeCases: [(Double, [Double])] = [
        (-10, [0, 200]), (50, [50, 200]), (185, [170, 200]), (250, [170, 250]), (900, [170, 470]),
    ]

    @Test(arguments: leftEdgeCases)
    func horizontalHeadersPinToTheLeftEdge(offset: Double, expected: [Double]) {
        let pinned = PinnedHeaders.frames(
            Self.strip, contentOffset: Point(x: offset, y: 0), viewport: size(150, 100), contentInset: .zero,
            contentSize: size(500, 100), horizontal: true, rightToLeft: false)
        #expect(pinned.map { $0?.x } == expected)
    }

    // Mirrored: section 0 occupies x 300..<500 with its header at 470..<500,
    // and the visible bounds' right edge is where headers pin.
    static let rightEdgeCases: [(Double, [Double])] = [(350, [470, 270]), (300, [420, 270]), (200, [320, 270]), (100, [300, 220])]

    @Test(arguments: rightEdgeCases)
    func rightToLeftHeadersPinToTheRightEdge(offset: Double, expected: [Double]) {
        func flip(_ f: Frame) -> Frame { frame(500 - f.x - f.width, f.y, f.width, f.height) }
        let mirrored = Self.strip.map { SectionFrames(header: $0.header.map(flip), footer: nil, items: $0.items.map(flip)) }
        let pinned = PinnedHeaders.frames(
            mirrored, contentOffset: Point(x: offset, y: 0), viewport: size(150, 100), contentInset: .zero,
            contentSize: size(500, 100), horizontal: true, rightToLeft: true)
        #expect(pinned.map { $0?.x } == expected)
    }
}
