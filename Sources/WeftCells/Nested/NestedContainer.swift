import WeftLayout

/// A `container` element: a table, collection or pager inside a cell's tree
/// (Texture's HorizontalWithinVerticalScrolling and
/// VerticalWithinHorizontalScrolling samples). Its style sizes it as a leaf;
/// where neither its style nor its range decides a length, its content does:
///
/// - width: the range's maximum when bounded (a table row's width); else a
///   horizontal collection's content width, and for the others the range's
///   minimum, as an empty leaf;
/// - height: exact when the range is exact; else a horizontal container
///   (collection or pager) holds its tallest cell (that cell's height plus
///   the vertical content and section insets), and a vertical one takes the
///   range's maximum when bounded, else its content height.
///
/// Its `bounds` default to that size. A horizontal container whose height
/// comes from its cells measures them with their height free (as a table
/// measures its rows) where their range would follow that height (a
/// gallery's item size and a cell's own `constrainedSize` stay; percentages
/// of that height count as 0); a pager then lays each page out again at
/// exactly the page size, as ASPagerNode does, and a collection its headers
/// and footers at exactly its height, which they span.
public struct NestedContainer: NestedContainerContent {
    /// The inner request; its direction and scale are the enclosing layout's.
    public var request: ContainerRequest
    /// Whether the client sent `bounds`; else they follow the element's size.
    public var boundsGiven: Bool
    /// Each cell's content key, by section (opaque here: the service names
    /// content, and answers each cell with its key).
    public var keys: [SectionKeys]
    /// The service's measurer of these cells; nil: `CellMeasurer.measure`.
    public var cells: (any NestedCellMeasuring)?

    /// A nested container of `request`'s cells.
    public init(
        request: ContainerRequest, boundsGiven: Bool, keys: [SectionKeys] = [], cells: (any NestedCellMeasuring)? = nil
    ) {
        self.request = request
        self.boundsGiven = boundsGiven
        self.keys = keys
        self.cells = cells
    }

    /// Whether the container scrolls sideways: a pager, or a horizontal collection.
    public var scrollsHorizontally: Bool {
        switch request.container.type {
        case .table: return false
        case .pager: return true
        case .collection: return request.container.scrollDirection == .horizontal
        }
    }

    /// The container laid out as a leaf in `range`: its own size, then its
    /// cells placed in bounds of that size, at the scale and direction of the
    /// tree that holds it.
    public func layout(in range: SizeRange, context: LayoutContext) -> NestedContainerLayout {
        var request = self.request
        request.pointScale = context.pointScale
        request.direction = context.direction
        let horizontal = scrollsHorizontally
        let width = ownWidth(range)
        let height = ownHeight(range)
        let cellsFreeAcross = !boundsGiven && height == nil && horizontal
        if !boundsGiven {
            request.container.bounds = Size(
                width: width ?? 1, height: height ?? (cellsFreeAcross ? ContainerGeometry.cgFloatMax : 1))
        }
        var jobs = ContainerLayout.jobs(for: request)
        // The cells held to exactly the unknown height (headers and footers,
        // which span a horizontal flow's height): measured free, and again
        // once that height is known.
        var heldAcross: [Int] = []
        if cellsFreeAcross {
            // Only the ranges that come from the unknown height: a gallery's
            // items keep its item size, a cell its own constrainedSize.
            for k in jobs.indices where jobs[k].range.max.height >= ContainerGeometry.cgFloatMax / 2 {
                if jobs[k].range.min.height > 0 { heldAcross.append(k) }
                jobs[k].range.min.height = 0
            }
        }
        let cellContext = ContainerLayout.cellContext(request, context)
        var measured = measure(jobs, cellContext)

        var proposal = Size(width: width ?? 0, height: height ?? 0)
        if height == nil && horizontal {
            let tallest = measured.reduce(0) { Swift.max($0, $1.size.height) }
            let known = Size(width: request.container.bounds.width, height: boundsGiven ? request.container.bounds.height : 0)
            proposal.height = tallest + crossInsets(request, reference: known)
        }
        if width == nil || (height == nil && !horizontal) {
            // The content decides a length: place once in the bounds known so far.
            var provisional = request
            if !boundsGiven {
                provisional.container.bounds = Size(width: width ?? 1, height: height ?? (horizontal ? proposal.height : 1))
            }
            let content = ContainerLayout.placeCells(provisional, jobs: jobs, measured: measured).placement.contentSize
            if width == nil { proposal.width = content.width }
            if height == nil && !horizontal { proposal.height = content.height }
        }
        let size = range.clamp(proposal)
        if !boundsGiven {
            // The bounds the client would see: the element's size on the pixel grid.
            let grid = PixelGrid(scale: context.pointScale)
            request.container.bounds = Size(
                width: TextureMath.validForSize(size.width) ? grid.ceil(size.width) : 0,
                height: TextureMath.validForSize(size.height) ? grid.ceil(size.height) : 0)
        }
        // Cells measured free across are measured again in the final bounds
        // where those hold them to less: a pager's pages are exactly the
        // bounds, and a strip whose size range (`maxHeight`) cut it below its
        // tallest cell holds its cells to its height, as Texture's flow
        // layout does with any bounds.
        if cellsFreeAcross && (request.container.type == .pager || size.height < proposal.height) {
            jobs = ContainerLayout.jobs(for: request)
            measured = measure(jobs, cellContext)
        } else if !heldAcross.isEmpty {
            // As with `bounds` sent: those cells span the height found.
            let final = ContainerLayout.jobs(for: request)
            let again = measure(heldAcross.map { final[$0] }, cellContext)
            for (k, m) in zip(heldAcross, again) {
                jobs[k] = final[k]
                measured[k] = m
            }
        }
        let warnings = cellWarnings(request, jobs, measured)
        let lineBoxes = measured.reduce(0) { $0 + $1.lineBoxes }
        var result = ContainerLayout.place(
            request, jobs: jobs, measured: consume measured, pageLimit: ContainerLimits.pageLimit(nestedCells: request.cellCount))
        result.warnings = warnings + result.warnings
        return NestedContainerLayout(
            size: size,
            answer: NestedContainerResultAnswer(
                NestedContainerResult(request: request, result: result, keys: keys, lineBoxes: lineBoxes)))
    }

    /// What the containers nested in the cells' trees warn about, in cell
    /// order, with paths from this container's element.
    private func cellWarnings(
        _ request: ContainerRequest, _ jobs: [ContainerLayout.CellJob], _ measured: [MeasuredCell]
    ) -> [RequestWarning] {
        var warnings: [RequestWarning] = []
        for k in measured.indices where !measured[k].warnings.isEmpty {
            let node = RequestPath.cell(jobs[k].slot, section: jobs[k].section, shorthand: request.usesItemsShorthand)
                .appending("node")
            warnings += measured[k].warnings.map { $0.relocated(under: node) }
        }
        return warnings
    }

    private func measure(_ jobs: [ContainerLayout.CellJob], _ context: LayoutContext) -> [MeasuredCell] {
        cells?.measure(jobs, context: context) ?? CellMeasurer.measure(jobs, context: context)
    }

    /// The element's width where its range decides it; nil where its content does.
    private func ownWidth(_ range: SizeRange) -> Double? {
        if TextureMath.validForSize(range.max.width) { return range.max.width }
        if request.container.type == .collection && scrollsHorizontally { return nil }
        return range.min.width
    }

    /// The element's height where its range decides it; nil where its content does.
    private func ownHeight(_ range: SizeRange) -> Double? {
        if range.min.height == range.max.height && TextureMath.validForSize(range.max.height) { return range.max.height }
        if scrollsHorizontally { return nil }
        return TextureMath.validForSize(range.max.height) ? range.max.height : nil
    }

    /// What a horizontal container adds around its tallest cell: the
    /// vertical content insets, and a collection's vertical section insets.
    /// Percentages are of `reference`: of a height not known yet, nothing.
    private func crossInsets(_ request: ContainerRequest, reference: Size) -> Double {
        let c = request.container
        var total = Insets(c.contentInset, direction: request.direction, reference: reference).vertical
        if c.type == .collection {
            total += Insets(c.layoutSectionInset, direction: .ltr, reference: reference).vertical
        }
        return total
    }
}

/// What a nested container's output node carries: the inner request (as
/// laid out, its bounds resolved) and its answer, whose cells' layouts the
/// service encoded as it measured them (`CellResult.encodedLayout`).
public struct NestedContainerResult: Sendable {
    /// The request as laid out: bounds, direction and scale resolved.
    public var request: ContainerRequest
    /// Its cells' frames and trees, contentSize and hints.
    public var result: ContainerResult
    /// Its cells' content keys, by section.
    public var keys: [SectionKeys]
    /// The line boxes its cells' layouts list, nested containers' included.
    public var lineBoxes = 0

    /// Visits every laid-out cell with the cell the request gave for it
    /// (headers, items, footers, section by section) until `body` returns
    /// a value, and returns that value.
    public func firstCell<T>(where body: (_ section: Int, _ slot: CellSlot, CellResult, Cell) -> T?) -> T? {
        for (s, section) in result.sections.enumerated() {
            let given = request.sections[s]
            if let placed = section.header, let cell = given.header, let found = body(s, .header, placed, cell) {
                return found
            }
            // By index: a loop over the cells would copy each one, and the
            // overflow check runs this for every row that holds a strip.
            for i in section.items.indices where section.items[i].index.item < given.items.count {
                let item = section.items[i].index.item
                if let found = body(s, .item(item), section.items[i], given.items[item]) { return found }
            }
            if let placed = section.footer, let cell = given.footer, let found = body(s, .footer, placed, cell) {
                return found
            }
        }
        return nil
    }

    /// Visits every laid-out cell with the cell the request gave for it.
    public func forEachCell(_ body: (_ section: Int, _ slot: CellSlot, CellResult, Cell) -> Void) {
        let _: Never? = firstCell { s, slot, placed, given in
            body(s, slot, placed, given)
            return nil
        }
    }

    /// The cell key of `slot` in section `s`, if it has one.
    public func key(section s: Int, _ slot: CellSlot) -> CellContentKey? {
        s < keys.count ? keys[s][slot] : nil
    }
}

/// A nested container's answer as its output node carries it.
public final class NestedContainerResultAnswer: NestedContainerAnswer, @unchecked Sendable {
    /// The answer; immutable, so the box may be shared between threads.
    public let value: NestedContainerResult

    /// Boxes `value`.
    public init(_ value: NestedContainerResult) {
        self.value = value
        super.init()
    }
}

extension LayoutNode {
    /// The inner answer of a nested container's output node; nil for any other node.
    public var nestedResult: NestedContainerResultAnswer? { nested as? NestedContainerResultAnswer }
}
