import WeftLayout

/// One cell after measurement: its size and its laid-out tree.
public struct MeasuredCell: Sendable {
    /// The cell's size in points, within the range it was measured in.
    public var size: Size
    /// Nil for interop cells, which Texture never measures, and for a cell
    /// whose layout is `encoded` instead.
    public var layout: LayoutNode?
    /// The layout as a service encodes it, when the service measured the
    /// cell (`NestedCellMeasuring`): opaque here, carried to the answer.
    public var encoded: [UInt8]?
    /// What the containers nested in the cell's tree warn about, with paths
    /// from the tree's root (`/children/1/sections/0/items/2`).
    public var warnings: [RequestWarning]
    /// The line boxes its `encoded` layout lists (texts with `lines`), which
    /// count against the request's limit of them.
    public var lineBoxes: Int

    /// A measurement of `size`, with `layout` nil for a cell that has no tree.
    public init(
        size: Size, layout: LayoutNode?, encoded: [UInt8]? = nil, warnings: [RequestWarning] = [], lineBoxes: Int = 0
    ) {
        self.size = size
        self.layout = layout
        self.encoded = encoded
        self.warnings = warnings
        self.lineBoxes = lineBoxes
    }
}

/// Measures one cell in the range its container gives it. A pure function of
/// (cell, range, context), so cells can be measured in any order, in
/// parallel, and cached by those three.
public enum CellMeasurer {
    /// Measures `cell` within `range`. A node cell is laid out as a tree; an
    /// interop cell takes its own `size`, else the range's maximum when that is
    /// a valid size, else zero, clamped to the range.
    public static func measure(_ cell: Cell, in range: SizeRange, context: LayoutContext) -> MeasuredCell {
        withUnsafePointer(to: cell) { measureCell($0, in: range, context: context) }
    }

    /// Every job's measurement, in order, on this thread.
    public static func measure(_ jobs: [ContainerLayout.CellJob], context: LayoutContext) -> [MeasuredCell] {
        jobs.withUnsafeBufferPointer { jobs in jobs.indices.map { measure(jobs.baseAddress! + $0, context: context) } }
    }

    /// `measure` of a job's cell in its range.
    public static func measure(_ job: UnsafePointer<ContainerLayout.CellJob>, context: LayoutContext) -> MeasuredCell {
        measureCell(job.pointer(to: \.cell)!, in: job.pointee.range, context: context)
    }

    /// `measure` of a job, its size and its tree apart, for a caller that
    /// stores them itself: a measurement made around a tree, then stored,
    /// was copied whole on its way (every reference in the tree counted).
    package static func layOut(
        _ job: UnsafePointer<ContainerLayout.CellJob>, context: LayoutContext
    ) -> (size: Size, layout: LayoutNode?) {
        layOutCell(job.pointer(to: \.cell)!, in: job.pointee.range, context: context)
    }

    @inline(__always)
    private static func measureCell(_ cell: UnsafePointer<Cell>, in range: SizeRange, context: LayoutContext) -> MeasuredCell {
        let (size, layout) = layOutCell(cell, in: range, context: context)
        return MeasuredCell(size: size, layout: layout)
    }

    /// The cell is read through a pointer: passed as a value, or read from
    /// an array, it (or its job) was copied whole, its id and its box.
    @inline(__always)
    private static func layOutCell(
        _ cell: UnsafePointer<Cell>, in range: SizeRange, context: LayoutContext
    ) -> (size: Size, layout: LayoutNode?) {
        switch cell.pointee.kind {
        case .interop:
            return (interopSize(cell.pointee, in: range), nil)
        case .node:
            guard let root = cell.pointee.node else {
                // Validation rejects this; Texture's release fallback is an empty cell (ASDataController.mm).
                return (range.clamp(.zero), nil)
            }
            return layOutNode(root, style: cell.pointee.style, in: range, context: context)
        }
    }

    /// `layoutThatFits:` for an ASCellNode (ASDisplayNode+Layout.mm): the cell's own style narrows the
    /// container's range (the container wins where they do not overlap, ASDimension.mm),
    /// then its tree is laid out in that range exactly as `POST /v1/layout/node`
    /// lays it out, and the cell takes the tree's size unclamped.
    private static func layOutNode(
        _ root: Element, style: Style, in range: SizeRange, context: LayoutContext
    ) -> (size: Size, layout: LayoutNode?) {
        let resolved = treeRange(style: style, in: range)
        let layout = LayoutEngine.layout(root, in: resolved, context: context)
        // Texture only measures a cell whose range has significant area
        // (both maxima > 0.1, ASDataController.mm); otherwise its frame stays zero.
        // Weft still returns the tree so every node cell has a layout.
        let significant = range.max.width > 0.1 && range.max.height > 0.1
        return (significant ? layout.size : .zero, layout)
    }

    /// The range a node cell's tree is laid out in: the container's range
    /// narrowed by the cell's own style. With `range.max` (which decides
    /// whether the cell is measured at all) it is everything of the cell
    /// outside its tree that its layout depends on: a cache key needs both.
    public static func treeRange(style: Style, in range: SizeRange) -> SizeRange {
        range.intersect(style.resolvedRange(parentSize: range.max))
    }

    /// Interop cells bring the size UIKit would ask their delegate for; with
    /// only a `constrainedSize` Weft sizes them as an empty leaf in the range
    /// the container derived from it (the maximum when it is a valid size,
    /// else the minimum, as `calculateSizeThatFits:` does).
    static func interopSize(_ cell: Cell, in range: SizeRange) -> Size {
        if let size = cell.size { return size }
        return range.clamp(TextureMath.validForSize(range.max) ? range.max : .zero)
    }
}
