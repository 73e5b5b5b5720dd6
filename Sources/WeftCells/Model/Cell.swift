import WeftLayout

/// One ASCellNode (or a plain UIKit cell passed through).
///
/// A `view` cell (Texture's `initWithViewBlock:` / view-controller block) is a
/// `node` cell whose `node` is a `view` element: the wire format lists `view` among the
/// element types, and such a cell is a leaf that Texture measures like a box
/// (ASCellNode.mm). Its `preferredSize` may sit on the cell's `style` or on
/// the `view` element's; without either the response warns.
public struct Cell: Sendable {
    /// The client's id for the cell, unique among the container's cells.
    public var id: String?
    /// A node cell with a tree, or an interop cell with a size.
    public var kind: CellKind
    /// Interop cells: the size UIKit's `sizeForItemAtIndexPath:` would answer.
    public var size: Size?
    /// Overrides the container's default, as `constrainedSizeForItemAtIndexPath:` does.
    public var constrainedSize: SizeRange?
    /// Table rows: the UIKit accessory, which narrows the row's content.
    public var accessoryType: AccessoryType
    /// Copied to the UIKit cell; no effect on geometry (ASCellNode.h).
    public var selectionStyle: SelectionStyle
    /// No effect on geometry (ASCellNode.h).
    public var neverShowPlaceholders: Bool
    /// The large, rarely changed parts live in one shared box: a cell is
    /// copied into jobs and results, and an element tree with its styles is
    /// about 2 KB inline.
    private var content: Content

    /// Unchecked, for threads and for exclusive access alike: its tree is
    /// replaced only through `Cell.takeTree`, and only while that cell
    /// holds the one reference to it, before any other thread or access can
    /// see it.
    private final class Content: @unchecked Sendable {
        @exclusivity(unchecked) private(set) var tree: Tree
        let style: Style
        let separatorInset: Edges
        /// What validation and placement ask of the tree, kept beside it:
        /// reading `tree` copies the whole element.
        @exclusivity(unchecked) private(set) var hasNode: Bool
        @exclusivity(unchecked) private(set) var isView: Bool

        init(tree: Tree, style: Style, separatorInset: Edges, hasNode: Bool, isView: Bool) {
            self.tree = tree
            self.style = style
            self.separatorInset = separatorInset
            self.hasNode = hasNode
            self.isView = isView
        }

        /// Another tree in this box, its style kept.
        func replaceTree(with node: consuming Element) {
            if case .view = node.kind { isView = true } else { isView = false }
            hasNode = true
            tree = .decoded(node)
        }

        /// The same tree, flags and all, with another style or separator inset.
        func with(style: Style, separatorInset: Edges) -> Content {
            Content(tree: tree, style: style, separatorInset: separatorInset, hasNode: hasNode, isView: isView)
        }
    }

    /// The box for `node`, its flags read from the element where it stands:
    /// binding the element out of a `Tree` to look at its kind copied it.
    private static func content(
        node: Element?, pending: Bool, style: Style, separatorInset: Edges
    ) -> Content {
        guard let node else {
            return Content(
                tree: pending ? .pending : .none, style: style, separatorInset: separatorInset, hasNode: pending,
                isView: false)
        }
        let isView: Bool
        if case .view = node.kind { isView = true } else { isView = false }
        return Content(
            tree: .decoded(node), style: style, separatorInset: separatorInset, hasNode: true, isView: isView)
    }

    /// A cell's tree: none, decoded, or sent but decoded later (a container
    /// request's trees are decoded on the pool, cell by cell).
    private enum Tree: Sendable {
        case none
        case pending
        case decoded(Element)
    }

    /// What `layoutSpecThatFits:` returns; required for `node` cells. Nil
    /// until a tree sent with the cell is decoded (`hasNode` says it was sent).
    public var node: Element? {
        get {
            guard case .decoded(let element) = content.tree else { return nil }
            return element
        }
        set {
            guard let newValue else {
                content = Self.content(node: nil, pending: false, style: content.style, separatorInset: content.separatorInset)
                return
            }
            takeTree(newValue)
        }
    }

    /// `node` of the cell at `cell`, read where it stands: read through
    /// `cell.pointee` from another module, the getter was handed a copy of
    /// the whole cell (its id and its box).
    package static func node(at cell: UnsafePointer<Cell>) -> Element? { cell.pointee.node }

    /// Gives the cell its tree (setting `node` comes here). A cell that holds
    /// its box alone (a nested cell given its tree once read) keeps it: a
    /// new box would copy the style.
    package mutating func takeTree(_ node: consuming Element) {
        if isKnownUniquelyReferenced(&content) {
            content.replaceTree(with: node)
        } else {
            content = Self.content(
                node: node, pending: false, style: content.style, separatorInset: content.separatorInset)
        }
    }

    /// Whether the cell has a tree, decoded or still to be decoded.
    public var hasNode: Bool { content.hasNode }

    /// The cell was sent with a tree that is decoded later.
    package mutating func markNodePending() {
        content = Self.content(node: nil, pending: true, style: content.style, separatorInset: content.separatorInset)
    }

    /// The cell node's own style (e.g. `preferredSize`), applied as Texture
    /// applies a node's style to the range its container offers (ASDimension.mm).
    public var style: Style {
        get { content.style }
        set { content = content.with(style: newValue, separatorInset: content.separatorInset) }
    }

    /// UIKit's separator insets; only `left` and `right` shape the separator line.
    public var separatorInset: Edges {
        get { content.separatorInset }
        set { content = content.with(style: content.style, separatorInset: newValue) }
    }

    /// Whether the cell's tree is a `view` element, without copying the tree.
    var isViewCell: Bool { content.isView }

    /// A cell with the wire format's defaults for whatever is not given.
    public init(
        id: String? = nil, kind: CellKind = .node, node: Element? = nil, style: Style = Style(),
        size: Size? = nil, constrainedSize: SizeRange? = nil, accessoryType: AccessoryType = .none,
        separatorInset: Edges = .none, selectionStyle: SelectionStyle = .default, neverShowPlaceholders: Bool = false
    ) {
        self.init(
            id: id, kind: kind, node: node, nodePending: false, style: style, size: size,
            constrainedSize: constrainedSize, accessoryType: accessoryType, separatorInset: separatorInset,
            selectionStyle: selectionStyle, neverShowPlaceholders: neverShowPlaceholders)
    }

    /// A decoder's cell, made once it has read every field; `nodePending`:
    /// its tree was sent and is decoded later.
    package init(
        id: String?, kind: CellKind, node: Element?, nodePending: Bool, style: Style, size: Size?,
        constrainedSize: SizeRange?, accessoryType: AccessoryType, separatorInset: Edges,
        selectionStyle: SelectionStyle, neverShowPlaceholders: Bool
    ) {
        self.id = id
        self.kind = kind
        self.size = size
        self.constrainedSize = constrainedSize
        self.accessoryType = accessoryType
        self.selectionStyle = selectionStyle
        self.neverShowPlaceholders = neverShowPlaceholders
        self.content = Self.content(node: node, pending: nodePending, style: style, separatorInset: separatorInset)
    }

    /// A node cell.
    public static func node(_ id: String?, _ element: Element) -> Cell {
        Cell(id: id, node: element)
    }

    /// A UIKit pass-through cell of a fixed size.
    public static func interop(_ id: String?, size: Size) -> Cell {
        Cell(id: id, kind: .interop, size: size)
    }
}

/// How a cell is sized: by its tree, or by the size it brings.
public enum CellKind: String, Sendable, Hashable, CaseIterable {
    /// An ASCellNode with a layout tree.
    case node
    /// A UIKit cell Texture never measures (ASWrapperCellNode, ASCollectionNode.h).
    case interop
}

/// UITableViewCellAccessoryType.
public enum AccessoryType: String, Sendable, Hashable, CaseIterable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
}

/// UITableViewCellSelectionStyle.
public enum SelectionStyle: String, Sendable, Hashable, CaseIterable {
    case none, blue, gray, `default`
}
