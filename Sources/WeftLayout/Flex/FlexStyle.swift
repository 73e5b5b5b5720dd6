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

    /// Whether a min or max size is set on each axis: most items have none,
    /// and clamping them is the identity.
    var clampsWidth: Bool
    var clampsHeight: Bool
    /// Padding plus border, and margins, summed per axis (left + right, top
    /// + bottom) when no percentage makes them depend on the owner's width;
    /// NaN otherwise. The algorithm asks for these sums at every step.
    var fixedPaddingBorder: Size
    var fixedMargin: Size

    /// Reads the style's boxed properties once: every property read through
    /// `Style`'s accessors would look through its box again.
    init(_ style: Style, direction: LayoutDirection) {
        guard style.box != nil else {
            // Most leaves set only a width and a height: start from the
            // initial values, resolved once.
            self = FlexStyle.initial
            self.direction = direction
            width = style.width
            height = style.height
            return
        }
        self = style.detail { details in
            FlexStyle(width: style.width, height: style.height, details: details, direction: direction)
        }
    }

    /// The style of an element that sets nothing.
    private static let initial = FlexStyle(width: .auto, height: .auto, details: StyleDetails(), direction: .ltr)

    private init(width: Dimension, height: Dimension, details style: borrowing StyleDetails, direction: LayoutDirection) {
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
        self.width = width
        self.height = height
        minWidth = style.minWidth
        minHeight = style.minHeight
        maxWidth = style.maxWidth
        maxHeight = style.maxHeight
        if let edges = style.edgeBox?.edges {
            margin = FlexStyle.physical(edges.margin, direction: direction) ?? .points(0)
            padding = FlexStyle.physical(edges.padding, direction: direction) ?? .points(0)
            let borderEdges = FlexStyle.physical(edges.border, direction: direction)
            border = PhysicalEdges(
                left: FlexStyle.points(borderEdges.left), top: FlexStyle.points(borderEdges.top),
                right: FlexStyle.points(borderEdges.right), bottom: FlexStyle.points(borderEdges.bottom))
            let insets = FlexStyle.physical(edges.position, direction: direction)
            position = PhysicalEdges(
                left: FlexStyle.inset(insets.left), top: FlexStyle.inset(insets.top),
                right: FlexStyle.inset(insets.right), bottom: FlexStyle.inset(insets.bottom))
        } else {
            margin = PhysicalEdges(all: .points(0))
            padding = PhysicalEdges(all: .points(0))
            border = .zero
            position = PhysicalEdges(all: nil)
        }
        columnGap = style.columnGap ?? style.gap ?? .points(0)
        rowGap = style.rowGap ?? style.gap ?? .points(0)
        aspectRatio = style.aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? .nan
        clampsWidth = !minWidth.isAuto || !maxWidth.isAuto
        clampsHeight = !minHeight.isAuto || !maxHeight.isAuto
        fixedPaddingBorder = .zero
        fixedMargin = .zero
        let paddingIsFixed = (
            row: !padding.left.isPercentage && !padding.right.isPercentage,
            column: !padding.top.isPercentage && !padding.bottom.isPercentage)
        let marginIsFixed = (
            row: !margin.left.isPercentage && !margin.right.isPercentage,
            column: !margin.top.isPercentage && !margin.bottom.isPercentage)
        fixedPaddingBorder = Size(
            width: paddingIsFixed.row ? paddingAndBorder(.left, .nan) + paddingAndBorder(.right, .nan) : .nan,
            height: paddingIsFixed.column ? paddingAndBorder(.top, .nan) + paddingAndBorder(.bottom, .nan) : .nan)
        fixedMargin = Size(
            width: marginIsFixed.row ? margin(.left, .nan) + margin(.right, .nan) : .nan,
            height: marginIsFixed.column ? margin(.top, .nan) + margin(.bottom, .nan) : .nan)
    }

    /// A resolved margin (`auto` counts as zero). Margins, padding and
    /// insets given as percentages resolve against the containing block's
    /// width on every side (CSS Box Model 3 §4, §5).
    @inline(__always)
    func margin(_ edge: PhysicalEdge, _ ownerWidth: Double) -> Double {
        margin[edge].resolved(against: ownerWidth).orZero
    }

    /// Resolved padding (never negative) plus border on one side.
    @inline(__always)
    func paddingAndBorder(_ edge: PhysicalEdge, _ ownerWidth: Double) -> Double {
        Swift.max(0, padding[edge].resolved(against: ownerWidth).orZero) + border[edge]
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
