import WeftLayout

/// The answer to a container request: every cell's frame in content
/// coordinates, its laid-out tree, and the hints a client scrolls by.
public struct ContainerResult: Sendable {
    public var contentSize: Size
    public var sections: [SectionResult]
    public var warnings: [ContainerWarning]
    public var hints: Hints

    public init(contentSize: Size, sections: [SectionResult], warnings: [ContainerWarning], hints: Hints) {
        self.contentSize = contentSize
        self.sections = sections
        self.warnings = warnings
        self.hints = hints
    }
}

public struct SectionResult: Sendable {
    public var id: String?
    public var header: CellResult?
    public var footer: CellResult?
    public var items: [CellResult]

    public init(id: String?, header: CellResult? = nil, footer: CellResult? = nil, items: [CellResult]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
    }
}

public struct CellResult: Sendable {
    public var id: String?
    /// A header's and a footer's index is `[section, 0]`, as UIKit indexes
    /// supplementary views.
    public var index: IndexPath
    /// In content coordinates.
    public var frame: Frame
    public var kind: CellKind
    /// The cell's tree, relative to the cell; nil for interop cells.
    public var layout: LayoutNode?
    /// Table rows only.
    public var table: TableRowFrames?

    public init(
        id: String?, index: IndexPath, frame: Frame, kind: CellKind, layout: LayoutNode?, table: TableRowFrames? = nil
    ) {
        self.id = id
        self.index = index
        self.frame = frame
        self.kind = kind
        self.layout = layout
        self.table = table
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

    public init(contentFrame: Frame, accessoryFrame: Frame?, separatorFrame: Frame?) {
        self.contentFrame = contentFrame
        self.accessoryFrame = accessoryFrame
        self.separatorFrame = separatorFrame
    }
}

/// Something the client should know that does not stop the layout.
public struct ContainerWarning: Sendable, Hashable {
    /// A JSON Pointer into the request.
    public var path: String
    public var detail: String

    public init(path: String, detail: String) {
        self.path = path
        self.detail = detail
    }
}
