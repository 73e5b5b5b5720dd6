import WeftLayout

/// The measured cells of one section, in the request's order.
public struct MeasuredSection: Sendable {
    /// The section header's measurement, when it has one that was laid out.
    public var header: MeasuredCell?
    /// The section footer's measurement, when it has one that was laid out.
    public var footer: MeasuredCell?
    /// Every item's measurement, in index order.
    public var items: [MeasuredCell]

    /// A section's measurements, as placement takes them.
    public init(header: MeasuredCell? = nil, footer: MeasuredCell? = nil, items: [MeasuredCell]) {
        self.header = header
        self.footer = footer
        self.items = items
    }
}

/// What a container's placement pass produces: frames in content coordinates.
struct Placement: Sendable {
    var contentSize: Size
    var sections: [SectionResult]
    var warnings: [RequestWarning] = []

    /// Items only, in index-path order: what ranges and pages are made of.
    var itemFrames: [(IndexPath, Frame)] {
        var all: [(IndexPath, Frame)] = []
        all.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        // By index: a loop over the cells would copy each one (its id, its
        // layout) to read two of its fields.
        for s in sections.indices {
            for i in sections[s].items.indices { all.append((sections[s].items[i].index, sections[s].items[i].frame)) }
        }
        return all
    }
}

extension CellResult {
    /// A placed cell's result. Inlined: a call would copy the cell and its
    /// measurement to pass them.
    @inline(__always)
    init(_ cell: Cell, index: IndexPath, frame: Frame, measured: MeasuredCell, table: TableRowFrames? = nil) {
        // Every member at once: one set after the init copied the whole result.
        self.init(
            id: cell.id, index: index, frame: frame, kind: cell.kind, layout: measured.layout,
            encodedLayout: measured.encoded, table: table)
    }
}
