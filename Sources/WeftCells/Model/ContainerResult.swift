import WeftLayout

/// The answer to a container request: every cell's frame in content
/// coordinates, its laid-out tree, and the hints a client scrolls by.
public struct ContainerResult: Sendable {
    /// The size of everything the container scrolls through.
    public var contentSize: Size
    /// The laid-out cells, section by section.
    public var sections: [SectionResult]
    /// The cells' warnings in cell order, then the container's.
    public var warnings: [RequestWarning]
    /// Ranges, batch fetching, pages and pager state at the request's offset.
    public var hints: Hints

    /// A whole answer.
    public init(contentSize: Size, sections: [SectionResult], warnings: [RequestWarning], hints: Hints) {
        self.contentSize = contentSize
        self.sections = sections
        self.warnings = warnings
        self.hints = hints
    }
}

/// One section's laid-out cells.
public struct SectionResult: Sendable {
    /// The section's id, when the request gave one.
    public var id: String?
    /// The header cell, when the section has one and it was laid out.
    public var header: CellResult?
    /// The footer cell, when the section has one and it was laid out.
    public var footer: CellResult?
    /// The items in order.
    public var items: [CellResult]

    /// A section's results.
    public init(id: String?, header: CellResult? = nil, footer: CellResult? = nil, items: [CellResult]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
    }
}

/// One laid-out cell.
public struct CellResult: Sendable {
    /// The cell's id.
    public var id: String?
    /// A header's and a footer's index is `[section, 0]`, as UIKit indexes
    /// supplementary views.
    public var index: IndexPath
    /// In content coordinates.
    public var frame: Frame
    /// As the request gave it.
    public var kind: CellKind
    /// The cell's tree, relative to the cell; nil for interop cells and
    /// for a cell whose layout is `encodedLayout` instead.
    public var layout: LayoutNode? {
        get { layoutBox?.node }
        set { layoutBox = newValue.map(LayoutNodeBox.init) }
    }
    /// Boxed: results are copied as they are placed, and an inline tree
    /// (most of the result's bytes) was copied with each, nil or not.
    private var layoutBox: LayoutNodeBox?
    /// The layout as the service encoded it (`MeasuredCell.encoded`).
    public var encodedLayout: [UInt8]?
    /// Table rows only.
    public var table: TableRowFrames?
    /// Section headers of a container with `pinHeaders` only: where the
    /// header is drawn at the request's content offset.
    public var pinnedFrame: Frame?

    /// A laid-out cell.
    public init(
        id: String?, index: IndexPath, frame: Frame, kind: CellKind, layout: LayoutNode?, encodedLayout: [UInt8]? = nil,
        table: TableRowFrames? = nil, pinnedFrame: Frame? = nil
    ) {
        self.id = id
        self.index = index
        self.frame = frame
        self.kind = kind
        layoutBox = layout.map(LayoutNodeBox.init)
        self.encodedLayout = encodedLayout
        self.table = table
        self.pinnedFrame = pinnedFrame
    }
}

/// The parts UIKit cuts a table row into, each relative to the row's frame.
public struct TableRowFrames: Sendable, Hashable {
    /// UIKit's content view: the row less its accessory.
    public var contentFrame: Frame
    /// Nil without an accessory.
    public var accessoryFrame: Frame?
    /// The one-pixel line at the bottom of the row; nil with `separatorStyle: none`.
    public var separatorFrame: Frame?

    /// A row's parts.
    public init(contentFrame: Frame, accessoryFrame: Frame?, separatorFrame: Frame?) {
        self.contentFrame = contentFrame
        self.accessoryFrame = accessoryFrame
        self.separatorFrame = separatorFrame
    }
}

/// A laid-out tree kept behind one reference.
final class LayoutNodeBox: Sendable {
    let node: LayoutNode

    init(_ node: LayoutNode) { self.node = node }
}
