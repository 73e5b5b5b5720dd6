import WeftLayout

/// An emulation of UICollectionViewFlowLayout, which places the items Texture
/// measures (ASCollectionViewFlowLayoutInspector.mm: positions are UIKit's, not Texture's). Described
/// for vertical scrolling; horizontal scrolling swaps the axes (lines become
/// columns filled top to bottom).
///
/// Weft's reading of UIKit's flow, where neither Texture nor UIKit's documentation says:
/// - a section is: header (the content's width, i.e. the bounds less the
///   content insets, and its measured height), the section inset's top, its
///   lines, the inset's bottom, footer; a section without items takes no inset;
/// - items fill a line while they fit in the width left by the content and
///   section insets, at least `itemSpacing` apart; an item wider than a line
///   gets a line of its own;
/// - a line of several items is justified: the first at the leading inset, the
///   last at the trailing one, the free space shared between the gaps (why
///   UIKit's gaps can exceed `minimumInteritemSpacing`); a line of one item is
///   centred (at the leading inset when it does not fit);
/// - items are centred across their line, whose thickness is its largest item;
///   lines are `lineSpacing` apart;
/// - origins are rounded to the pixel grid, as UIKit aligns cell frames;
/// - right-to-left mirrors the whole layout (a flow layout flips in the
///   opposite layout direction), so a leading `start` inset ends up on the right.
enum FlowLayout {
    static func place(_ request: ContainerRequest, _ measured: [MeasuredSection], _ geometry: ContainerGeometry) -> Placement {
        let horizontal = geometry.isHorizontal
        let flow = request.container.flow
        // Resolved left-to-right; the mirror below flips everything at once.
        let inset = Insets(flow.sectionInset, direction: .ltr, reference: geometry.bounds)
        let across = geometry.collectionAcross
        let supplementaryBreadth = Size.supplementaryBreadth(contentAcross: across)
        let (insetBefore, insetAfter) = horizontal ? (inset.left, inset.right) : (inset.top, inset.bottom)
        let (insetStart, insetEnd) = horizontal ? (inset.top, inset.bottom) : (inset.left, inset.right)
        let grid = geometry.grid

        // Axis-neutral frames: `along` is the scroll axis, `cross` the line axis.
        func frame(along: Double, cross: Double, size: Size) -> Frame {
            horizontal
                ? Frame(x: grid.round(along), y: grid.round(cross), width: size.width, height: size.height)
                : Frame(x: grid.round(cross), y: grid.round(along), width: size.width, height: size.height)
        }
        func length(_ s: Size) -> Double { horizontal ? s.width : s.height }
        func breadth(_ s: Size) -> Double { horizontal ? s.height : s.width }

        var position = 0.0
        var sections: [SectionResult] = []
        sections.reserveCapacity(request.sections.count)
        var warnings: [RequestWarning] = []
        for (s, section) in request.sections.enumerated() {
            let ms = measured[s]
            func supplementary(_ cell: Cell?, _ m: MeasuredCell?) -> CellResult? {
                guard let cell, let m else { return nil }
                let size = m.size.supplementary(breadth: supplementaryBreadth, horizontal: horizontal)
                let f = frame(along: position, cross: 0, size: size)
                position += length(m.size)
                return CellResult(cell, index: IndexPath(section: s, item: 0), frame: f, measured: m)
            }
            let header = supplementary(section.header, ms.header)
            var items: [CellResult] = []
            items.reserveCapacity(section.items.count)
            if !section.items.isEmpty {
                position += insetBefore
                let available = across - insetStart - insetEnd
                let lines = breakIntoLines(ms.items.map { breadth($0.size) }, available: available, spacing: flow.itemSpacing)
                for (n, line) in lines.enumerated() {
                    if n > 0 { position += flow.lineSpacing }
                    var thickness = 0.0
                    var used = 0.0
                    for i in line {
                        thickness = max(thickness, length(ms.items[i].size))
                        used += breadth(ms.items[i].size)
                    }
                    var offset = CrossOffsets(count: line.count, used: used, available: available)
                    for i in line {
                        let size = ms.items[i].size
                        let f = frame(along: position + (thickness - length(size)) / 2, cross: insetStart + offset.next(breadth(size)), size: size)
                        items.append(CellResult(section.items[i], index: IndexPath(section: s, item: i), frame: f, measured: ms.items[i]))
                        if breadth(size) > available {
                            warnings.append(RequestWarning(
                                path: RequestPath.item(IndexPath(section: s, item: i), shorthand: request.usesItemsShorthand),
                                detail: "the item is \(breadth(size)) points across, more than the \(available) a flow line offers"))
                        }
                    }
                    position += thickness
                }
                position += insetAfter
            }
            let footer = supplementary(section.footer, ms.footer)
            sections.append(SectionResult(id: section.id, header: header, footer: footer, items: items))
        }
        let contentSize = horizontal ? Size(width: position, height: across) : Size(width: across, height: position)
        var placement = Placement(contentSize: contentSize, sections: sections, warnings: warnings)
        if geometry.direction == .rtl { mirror(&placement) }
        return placement
    }

    /// Greedy filling: an item joins the line when it fits after the spacing.
    /// A line is a run of consecutive items.
    static func breakIntoLines(_ breadths: [Double], available: Double, spacing: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        // Horizontal strips put every item on a line of its own.
        lines.reserveCapacity(breadths.count)
        var start = 0
        var used = 0.0
        for (i, b) in breadths.enumerated() {
            // A hair of tolerance so a line that fits on paper is not broken by rounding.
            if i > start && used + spacing + b > available + 1e-9 {
                lines.append(start..<i)
                start = i
                used = 0
            }
            used += i == start ? b : spacing + b
        }
        if start < breadths.count { lines.append(start..<breadths.count) }
        return lines
    }

    /// Where each item of a line starts across it, from the leading section inset.
    /// Where each item of a line starts across it: UIKit's justification
    /// spreads the leftover room between the items, and centres a lone item.
    struct CrossOffsets {
        private var x: Double
        private let gap: Double

        init(count: Int, used: Double, available: Double) {
            if count > 1 {
                x = 0
                gap = (available - used) / Double(count - 1)
            } else {
                x = max(0, (available - used) / 2)
                gap = 0
            }
        }

        /// The next item's offset; `breadth` is that item's.
        mutating func next(_ breadth: Double) -> Double {
            defer { x += breadth + gap }
            return x
        }
    }

    private static func mirror(_ p: inout Placement) {
        let width = p.contentSize.width
        func flip(_ r: inout CellResult?) {
            if var c = r {
                c.frame.x = width - c.frame.x - c.frame.width
                r = c
            }
        }
        for s in p.sections.indices {
            flip(&p.sections[s].header)
            flip(&p.sections[s].footer)
            for i in p.sections[s].items.indices {
                let f = p.sections[s].items[i].frame
                p.sections[s].items[i].frame.x = width - f.x - f.width
            }
        }
    }
}
