import WeftLayout

/// Checks a decoded request against the contract before any layout runs. The JSON
/// layer has already rejected malformed JSON, unknown keys and bad tokens;
/// this catches what only makes sense for the model as a whole.
public enum ContainerValidation {
    /// Every problem found, in request order. An over-limit request reports
    /// only that, without walking its cells. `nested`: the request is a
    /// `container` element's, whose paths are prefixed with the element's
    /// later, so a detail names other cells of it relative to it.
    public static func validate(_ request: ContainerRequest, nested: Bool = false) -> [ContainerError] {
        if let tooMany = checkLimit(request) { return [tooMany] }
        var errors = validateHead(request)
        checkSections(request, nested: nested, &errors)
        return errors
    }

    /// What can be checked before any cell is read: the container, the
    /// scale. A stream that starts laying cells out while it reads them
    /// checks this first, then each cell (`cellErrors`) as it arrives.
    public static func validateHead(_ request: ContainerRequest) -> [ContainerError] {
        var errors: [ContainerError] = []
        if !(request.pointScale.isFinite && request.pointScale >= 0) {
            errors.append(invalid(RequestPath(["pointScale"]), "pointScale must be a finite number >= 0"))
        }
        checkContainer(request, &errors)
        return errors
    }

    /// One cell's problems, `path` giving its JSON Pointer.
    public static func cellErrors(_ cell: Cell, path: () -> RequestPath) -> [ContainerError] {
        var errors: [ContainerError] = []
        withUnsafePointer(to: cell) { checkCell($0, path: path, &errors) }
        return errors
    }

    private static func checkLimit(_ request: ContainerRequest) -> ContainerError? {
        if request.sections.count > ContainerLimits.maxSections {
            return ContainerLimits.tooManySections(path: RequestPath(["sections", .index(ContainerLimits.maxSections)]))
        }
        let count = request.cellCount
        guard count > ContainerLimits.maxCells else { return nil }
        // Name the section that breaks the limit on its own, if one does.
        let path: RequestPath
        if let s = request.sections.firstIndex(where: { $0.items.count > ContainerLimits.maxCells }) {
            path = RequestPath.items(s, shorthand: request.usesItemsShorthand)
        } else {
            path = RequestPath([request.usesItemsShorthand ? "items" : "sections"])
        }
        return ContainerLimits.error(cellCount: count, path: path)
    }

    private static func checkContainer(_ request: ContainerRequest, _ errors: inout [ContainerError]) {
        let c = request.container
        if let fault = positiveSizeFault(c.bounds) {
            errors.append(invalid(fault.path(under: ["container", "bounds"]), "bounds \(fault.problem)"))
        }
        if !(c.contentOffset.x.isFinite && c.contentOffset.y.isFinite) {
            errors.append(invalid(RequestPath(["container", "contentOffset"]), "contentOffset must be finite"))
        }
        checkEdges(c.contentInset, RequestPath(["container", "contentInset"]), &errors)
        if !c.leadingScreensForBatching.isFinite {
            errors.append(invalid(RequestPath(["container", "leadingScreensForBatching"]), "leadingScreensForBatching must be finite"))
        }
        // Texture asserts on out-of-range tuning values (ASAbstractLayoutController.mm).
        for (key, p) in c.rangeTuning.sorted(by: { ($0.key.mode.rawValue, $0.key.type.rawValue) < ($1.key.mode.rawValue, $1.key.type.rawValue) }) {
            for value in [p.leadingBufferScreenfuls, p.trailingBufferScreenfuls] where !(value.isFinite && value >= 0) {
                errors.append(invalid(
                    RequestPath(["container", "rangeTuning", .key(key.mode.rawValue), .key(key.type.rawValue)]),
                    "buffer screenfuls must be finite and >= 0"))
                break
            }
        }
        if c.type == .collection {
            for (name, value) in [("itemSpacing", c.flow.itemSpacing), ("lineSpacing", c.flow.lineSpacing)]
            where !(value.isFinite && value >= 0) {
                errors.append(invalid(RequestPath(["container", "flow", .key(name)]), "\(name) must be finite and >= 0"))
            }
            checkEdges(c.flow.sectionInset, RequestPath(["container", "flow", "sectionInset"]), &errors)
            checkCollectionLayout(c, &errors)
        }
        checkPager(request, &errors)
    }

    /// The settings of the layout a collection uses; the others are ignored.
    private static func checkCollectionLayout(_ c: Container, _ errors: inout [ContainerError]) {
        let spacing: CollectionSpacing
        let name: String
        switch c.layout {
        case .flow: return
        case .gallery:
            (spacing, name) = (c.gallery.spacing, "gallery")
            if let fault = positiveSizeFault(c.gallery.itemSize) {
                errors.append(invalid(fault.path(under: ["container", "gallery", "itemSize"]), "itemSize \(fault.problem)"))
            }
        case .masonry:
            (spacing, name) = (c.masonry.spacing, "masonry")
            if c.masonry.columns < 1 {
                errors.append(invalid(RequestPath(["container", "masonry", "columns"]), "columns must be at least 1"))
            }
        }
        for (key, value) in [("itemSpacing", spacing.itemSpacing), ("lineSpacing", spacing.lineSpacing)] {
            if let value, !(value.isFinite && value >= 0) {
                errors.append(invalid(RequestPath(["container", .key(name), .key(key)]), "\(key) must be finite and >= 0"))
            }
        }
        if let inset = spacing.sectionInset { checkEdges(inset, RequestPath(["container", .key(name), "sectionInset"]), &errors) }
    }

    private static func checkPager(_ request: ContainerRequest, _ errors: inout [ContainerError]) {
        let c = request.container
        guard c.type == .pager else {
            if c.currentPage != nil {
                errors.append(notApplicable(RequestPath(["container", "currentPage"]), "only a pager has pages"))
            }
            if c.previousBounds != nil {
                errors.append(notApplicable(RequestPath(["container", "previousBounds"]), "only a pager keeps its page across a bounds change"))
            }
            return
        }
        if let previous = c.previousBounds, let fault = positiveSizeFault(previous) {
            errors.append(invalid(fault.path(under: ["container", "previousBounds"]), "previousBounds \(fault.problem)"))
        }
        // ASPagerNode serves exactly one section and no supplementary views (ASPagerNode.mm).
        if request.sections.count > 1 {
            errors.append(notApplicable(RequestPath(["sections", .index(1)]), "a pager has one section of pages"))
        }
        for (s, section) in request.sections.enumerated() {
            if section.header != nil {
                errors.append(notApplicable(RequestPath.section(s, shorthand: request.usesItemsShorthand).appending("header"), "pages have no header"))
            }
            if section.footer != nil {
                errors.append(notApplicable(RequestPath.section(s, shorthand: request.usesItemsShorthand).appending("footer"), "pages have no footer"))
            }
        }
        if let page = c.currentPage {
            let count = request.sections.first?.items.count ?? 0
            if page < 0 || page >= count {
                errors.append(ContainerError(
                    .pageOutOfRange, path: RequestPath(["container", "currentPage"]),
                    detail: "currentPage \(page) is past the end: the pager has \(count) page\(count == 1 ? "" : "s")"))
            }
        }
    }

    private static func checkSections(_ request: ContainerRequest, nested: Bool, _ errors: inout [ContainerError]) {
        let shorthand = request.usesItemsShorthand
        var ids = CellIDs(shorthand: shorthand, capacity: request.cellCount, nested: nested)
        for (s, section) in request.sections.enumerated() {
            if let header = section.header {
                withUnsafePointer(to: header) {
                    checkCell($0, path: { RequestPath.cell(.header, section: s, shorthand: shorthand) }, nested: nested, &errors)
                }
                if let duplicate = ids.check(header.id, section: s, slot: .header) { errors.append(duplicate) }
            }
            // Through the buffer: a loop over the cells, or the array's
            // subscript, would hand each check a copy of the cell.
            section.items.withUnsafeBufferPointer { items in
                for i in items.indices {
                    Turns.checkpoint()
                    let cell = items.baseAddress! + i
                    let path = { RequestPath.cell(.item(i), section: s, shorthand: shorthand) }
                    checkCell(cell, path: path, nested: nested, &errors)
                    if let duplicate = ids.check(cell.pointee.id, section: s, slot: .item(i)) { errors.append(duplicate) }
                    // UIKit's accessory views belong to table rows.
                    if request.container.type != .table, cell.pointee.accessoryType != .none {
                        errors.append(notApplicable(
                            RequestPath.cell(.item(i), section: s, shorthand: shorthand).appending("accessoryType"),
                            "only a table's rows have accessories"))
                    }
                    if request.container.type != .table, cell.pointee.separatorInset != .none {
                        errors.append(notApplicable(
                            RequestPath.cell(.item(i), section: s, shorthand: shorthand).appending("separatorInset"),
                            "only a table's rows have separators"))
                    }
                }
            }
            if let footer = section.footer {
                withUnsafePointer(to: footer) {
                    checkCell($0, path: { RequestPath.cell(.footer, section: s, shorthand: shorthand) }, nested: nested, &errors)
                }
                if let duplicate = ids.check(footer.id, section: s, slot: .footer) { errors.append(duplicate) }
            }
        }
    }

    /// A cell named by where it is: a nested container's paths are its
    /// own, and would read as the request's top-level cells.
    static func cellName(at path: RequestPath, nested: Bool) -> String {
        nested ? "the cell at \(path.description.dropFirst()) of this container" : "the cell at \(path)"
    }

    /// `path` (and the cell's name) are built only for a cell at fault:
    /// most cells are fine, and building them for each cost more than the
    /// checks. The cell is read through a pointer: passed as a value, even
    /// inlined, it was copied (its id and its box).
    @inline(__always)
    private static func checkCell(
        _ cell: UnsafePointer<Cell>, path: () -> RequestPath, nested: Bool = false, _ errors: inout [ContainerError]
    ) {
        var name: String { cell.pointee.id.map { "cell \"\($0.excerpt)\"" } ?? cellName(at: path(), nested: nested) }
        if cell.pointee.id == nil {
            errors.append(ContainerError(
                .missingID, path: path(),
                detail: "\(name) has no id: every cell needs one, unique in the container (a client keys its views by it)"))
        }
        switch cell.pointee.kind {
        case .node:
            // Texture's release fallback (an empty cell) is not taken: a request that needs it is an error.
            if !cell.pointee.hasNode {
                errors.append(ContainerError(
                    .missingCellContent, path: path(),
                    detail: "\(name) has no node: a node cell needs `node`, an interop cell `kind: \"interop\"` and a `size`"))
            }
            if cell.pointee.size != nil {
                errors.append(notApplicable(path().appending("size"), "\(name) is a node cell: its size comes from its node"))
            }
        case .interop:
            if cell.pointee.size == nil && cell.pointee.constrainedSize == nil {
                errors.append(ContainerError(
                    .missingCellContent, path: path(),
                    detail: "interop \(name) brings neither `size` nor `constrainedSize`; Texture never measures interop cells"))
            }
            if cell.pointee.hasNode {
                errors.append(notApplicable(path().appending("node"), "interop \(name) gets no node layout"))
            }
        }
        if let size = cell.pointee.size, !(valid(size.width) && valid(size.height)) {
            errors.append(invalid(
                path().appending("size").appending(.key(valid(size.width) ? "height" : "width")),
                "size must be finite, >= 0 and < 1e7 on both axes"))
        }
        if let range = cell.pointee.constrainedSize, let fault = rangeFault(range) {
            errors.append(invalid(path().appending("constrainedSize").appending(.key(fault.bound)).appending(.key(fault.axis)), fault.problem))
        }
        checkEdges(cell.pointee.separatorInset, path().appending("separatorInset"), &errors)
    }

    /// What is wrong with a size that must be positive, and on which axis
    /// when the value there was surely sent: a missing or null axis reads as
    /// 0, so a 0 is reported at the size object, the nearest member that exists.
    private struct SizeFault {
        var axis: String?
        var problem: String

        func path(under components: [RequestPath.Component]) -> RequestPath {
            var path = RequestPath(components)
            if let axis { path = path.appending(.key(axis)) }
            return path
        }
    }

    private static func positiveSizeFault(_ size: Size) -> SizeFault? {
        for (axis, value) in [("width", size.width), ("height", size.height)] where !value.isFinite {
            return SizeFault(axis: axis, problem: "must be finite")
        }
        guard size.width > 0, size.height > 0 else {
            let axis = size.width < 0 ? "width" : size.height < 0 ? "height" : nil
            return SizeFault(axis: axis, problem: "must be positive on both axes, got \(size.width) x \(size.height)")
        }
        guard size.width < ContainerLimits.maxLength, size.height < ContainerLimits.maxLength else {
            return SizeFault(axis: size.width < ContainerLimits.maxLength ? "height" : "width", problem: "must be under 1e7 points")
        }
        return nil
    }

    /// The first fault of a cell's `constrainedSize`, at its bound and axis.
    private static func rangeFault(_ r: SizeRange) -> (bound: String, axis: String, problem: String)? {
        for (axis, v) in [("width", r.min.width), ("height", r.min.height)] where !valid(v) {
            return ("min", axis, "constrainedSize min must be finite, >= 0 and < 1e7")
        }
        for (axis, v) in [("width", r.max.width), ("height", r.max.height)] where v.isNaN || v < 0 {
            return ("max", axis, "constrainedSize max must be >= 0 (null for unbounded)")
        }
        for (axis, lo, hi) in [("width", r.min.width, r.max.width), ("height", r.min.height, r.max.height)] where lo > hi {
            return ("min", axis, "constrainedSize min is larger than max")
        }
        return nil
    }

    /// Without an array of the nine sides: this runs for every cell.
    private static func checkEdges(_ edges: Edges, _ path: @autoclosure () -> RequestPath, _ errors: inout [ContainerError]) {
        func finite(_ d: Dimension?) -> Bool {
            switch d {
            case .points(let v)?, .fraction(let v)?: return v.isFinite
            default: return true
            }
        }
        guard finite(edges.left), finite(edges.top), finite(edges.right), finite(edges.bottom), finite(edges.start),
            finite(edges.end), finite(edges.horizontal), finite(edges.vertical), finite(edges.all)
        else {
            errors.append(invalid(path(), "insets must be finite"))
            return
        }
    }

    private static func valid(_ v: Double) -> Bool {
        v.isFinite && v >= 0 && v < ContainerLimits.maxLength
    }

    private static func invalid(_ path: RequestPath, _ detail: String) -> ContainerError {
        ContainerError(.invalidValue, path: path, detail: detail)
    }

    private static func notApplicable(_ path: RequestPath, _ detail: String) -> ContainerError {
        ContainerError(.notApplicable, path: path, detail: detail)
    }
}

/// The ids of a container's cells, headers and footers included: each may
/// appear once (a client keys its views, and its refs, by them).
public struct CellIDs: Sendable {
    /// The first ids, compared one by one: a nested strip has a handful of
    /// cells, for which a hash table costs more than the comparisons.
    private var first: [(id: String, section: Int, slot: CellSlot)] = []
    /// Every id once there are more than `firstCount`.
    private var seen: [String: (section: Int, slot: CellSlot)] = [:]
    private let shorthand: Bool
    private let capacity: Int
    private let nested: Bool
    private static let firstCount = 16

    /// No ids seen yet; `shorthand` spells paths `/items/N` (the top-level
    /// `items`); `nested`: the cells are a `container` element's.
    public init(shorthand: Bool, capacity: Int = 0, nested: Bool = false) {
        self.shorthand = shorthand
        self.capacity = capacity
        self.nested = nested
        first.reserveCapacity(min(capacity, Self.firstCount))
    }

    /// The `duplicateID` error when a cell's `id` was already used (paths
    /// are built only then: most ids are fine). It takes the id, not the
    /// cell: passing a cell to a call copies it.
    public mutating func check(_ id: String?, section: Int, slot: CellSlot) -> ContainerError? {
        guard let id else { return nil }
        let earlier: (section: Int, slot: CellSlot)?
        if first.count < Self.firstCount {
            earlier = first.first(where: { $0.id == id }).map { ($0.section, $0.slot) }
            if earlier == nil { first.append((id, section, slot)) }
        } else {
            if seen.isEmpty {
                seen.reserveCapacity(capacity)
                for f in first { seen[f.id] = (f.section, f.slot) }
            }
            earlier = seen[id]
            if earlier == nil { seen[id] = (section, slot) }
        }
        guard let earlier else { return nil }
        let path = RequestPath.cell(slot, section: section, shorthand: shorthand)
        let firstPath = RequestPath.cell(earlier.slot, section: earlier.section, shorthand: shorthand)
        let earlierCell = ContainerValidation.cellName(at: firstPath, nested: nested)
        return ContainerError(.duplicateID, path: path.appending("id"), detail: "the id \"\(id.excerpt)\" is already the id of \(earlierCell)")
    }
}
