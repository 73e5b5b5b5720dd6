/// A flex element's style with everything that does not depend on layout
/// already decided: the `flex` shorthand split, edges mapped to physical
/// sides for the element's direction, gaps picked. Resolved once per pass so
/// the algorithm never re-reads the client's Edges.
struct FlexStyle: Sendable {
    var direction: LayoutDirection
    var flexDirection: FlexDirection
    var justifyContent: JustifyContent
    var alignItems: Align
    var alignSelf: Align
    var alignContent: Align
    var flexWrap: FlexWrap
    var flexGrow: Double
    var flexShrink: Double
    var flexBasis: Dimension
    var positionType: PositionType
    var display: Display
    var overflow: Overflow
    var boxSizing: BoxSizing
    var width: Dimension
    var height: Dimension
    var minWidth: Dimension
    var minHeight: Dimension
    var maxWidth: Dimension
    var maxHeight: Dimension
    var margin: PhysicalEdges<Dimension>
    var padding: PhysicalEdges<Dimension>
    var border: PhysicalEdges<Double>
    /// `nil` is an `auto` inset.
    var position: PhysicalEdges<Dimension?>
    var columnGap: Dimension
    var rowGap: Dimension
    /// Width / height; NaN when unset.
    var aspectRatio: Double

    init(_ style: Style, direction: LayoutDirection) {
        self.direction = direction
        flexDirection = style.flexDirection
        justifyContent = style.justifyContent
        alignItems = style.alignItems
        alignSelf = style.alignSelf
        alignContent = style.alignContent
        flexWrap = style.flexWrap
        // Yoga's `flex` shorthand: a positive value grows from a zero basis, a
        // negative one shrinks; explicit longhands win. Unset grow and shrink
        // are 0 (Yoga's initial values, not CSS's `flex-shrink: 1`).
        let flex = style.flex ?? .nan
        flexGrow = style.flexGrow ?? (flex > 0 ? flex : 0)
        flexShrink = style.flexShrink ?? (flex < 0 ? -flex : 0)
        if style.flexBasis.isAuto, flex > 0 {
            flexBasis = .points(0)
        } else {
            flexBasis = style.flexBasis
        }
        positionType = style.positionType
        display = style.display
        overflow = style.overflow
        boxSizing = style.boxSizing
        width = style.width
        height = style.height
        minWidth = style.minWidth
        minHeight = style.minHeight
        maxWidth = style.maxWidth
        maxHeight = style.maxHeight
        margin = FlexStyle.physical(style.margin, direction: direction) ?? .points(0)
        padding = FlexStyle.physical(style.padding, direction: direction) ?? .points(0)
        let borderEdges = FlexStyle.physical(style.border, direction: direction)
        border = PhysicalEdges(
            left: FlexStyle.points(borderEdges.left), top: FlexStyle.points(borderEdges.top),
            right: FlexStyle.points(borderEdges.right), bottom: FlexStyle.points(borderEdges.bottom))
        let insets = FlexStyle.physical(style.position, direction: direction)
        position = PhysicalEdges(
            left: FlexStyle.inset(insets.left), top: FlexStyle.inset(insets.top),
            right: FlexStyle.inset(insets.right), bottom: FlexStyle.inset(insets.bottom))
        columnGap = style.columnGap ?? style.gap ?? .points(0)
        rowGap = style.rowGap ?? style.gap ?? .points(0)
        aspectRatio = style.aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? .nan
    }

    /// The wire format's edge precedence: `start`/`end` (mapped by direction) beat
    /// `left`/`right`, which beat `horizontal`/`vertical`, which beat `all`.
    static func physical(_ edges: Edges, direction: LayoutDirection) -> PhysicalEdges<Dimension?> {
        let startSide = direction == .ltr ? edges.start : edges.end
        let endSide = direction == .ltr ? edges.end : edges.start
        return PhysicalEdges(
            left: startSide ?? edges.left ?? edges.horizontal ?? edges.all,
            top: edges.top ?? edges.vertical ?? edges.all,
            right: endSide ?? edges.right ?? edges.horizontal ?? edges.all,
            bottom: edges.bottom ?? edges.vertical ?? edges.all)
    }

    private static func points(_ d: Dimension?) -> Double {
        if case .points(let v)? = d { return Swift.max(0, v) }
        return 0
    }

    private static func inset(_ d: Dimension?) -> Dimension? {
        guard let d, !d.isAuto else { return nil }
        return d
    }

    /// The item's own `align-self`, `auto` deferring to the container's
    /// `align-items` (CSS Align §6.1).
    func alignSelf(in container: FlexStyle) -> Align {
        alignSelf == .auto ? container.alignItems : alignSelf
    }

    func size(_ axis: FlexDirection) -> Dimension { axis.isRow ? width : height }
    func minSize(_ axis: FlexDirection) -> Dimension { axis.isRow ? minWidth : minHeight }
    func maxSize(_ axis: FlexDirection) -> Dimension { axis.isRow ? maxWidth : maxHeight }

    /// The gap between items along `axis`: `column-gap` separates items laid
    /// out along a row, `row-gap` items (or lines) stacked along a column.
    func gap(along axis: FlexDirection) -> Dimension { axis.isRow ? columnGap : rowGap }

    var isAbsolute: Bool { positionType == .absolute }
}

extension PhysicalEdges where Value == Dimension? {
    static func ?? (edges: PhysicalEdges<Dimension?>, fallback: Dimension) -> PhysicalEdges<Dimension> {
        PhysicalEdges<Dimension>(
            left: edges.left ?? fallback, top: edges.top ?? fallback,
            right: edges.right ?? fallback, bottom: edges.bottom ?? fallback)
    }
}
