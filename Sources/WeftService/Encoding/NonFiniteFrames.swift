import WeftJSON
import WeftLayout
import WeftCells

/// JSON has no infinity or NaN, and the contract's frames are numbers: a
/// layout whose arithmetic overflowed (lengths or spacing near the largest
/// double, scaled by `pointScale`) is refused with a 422 at the element whose
/// frame overflowed, instead of being written with `null`s.
enum NonFiniteFrames {
    static let detail = "the layout overflows: this element's frame, or for a container element a frame among its cells, is not a finite number (lengths, offsets or spacing too large)"

    /// The path from `element` (the tree's root) to the first element, in
    /// pre-order, whose frame is not finite in its parent's or the root's
    /// coordinates (the flattened answer adds frames up); nil when all are.
    static func firstPath(_ node: LayoutNode, _ element: Element) -> [RequestPath.Component]? {
        var reversed: [RequestPath.Component] = []
        let found = LaidOutTree.withRoot(node, element) { node, element in
            find(node, element, origin: .zero, &reversed)
        }
        return found ? reversed.reversed() : nil
    }

    /// `reversedPath` for a `RequestError` whose path ends at the tree's root.
    static func error(_ node: LayoutNode, _ element: Element) -> RequestError? {
        guard let path = firstPath(node, element) else { return nil }
        return RequestError(.invalidValue, detail, reversedPath: path.reversed())
    }

    private static func find(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, origin: Point,
        _ reversed: inout [RequestPath.Component]
    ) -> Bool {
        let frame = node.pointee.frame
        let x = origin.x + frame.x, y = origin.y + frame.y
        if !(x.isFinite && y.isFinite && frame.width.isFinite && frame.height.isFinite) { return true }
        if let nested = node.pointee.nestedResult, let inside = nestedPath(nested.value) {
            reversed.append(contentsOf: inside.reversed())
            return true
        }
        let at = Point(x: x, y: y)
        let allFinite = LaidOutTree.forEachChild(of: node, element) { i, child, childElement in
            guard find(child, childElement, origin: at, &reversed) else { return true }
            reversed.append(contentsOf: ChildSlot.ofOutputChild(i, in: element.pointee.kind).components.reversed())
            return false
        }
        return !allFinite
    }

    /// Where a nested container's answer is not finite: its placement (the
    /// path ends at the element) or a cell's layout (the path goes on into
    /// that cell's tree). Only a layout that overflowed keeps its tree
    /// (`NestedCells`); the others were encoded as they were measured.
    private static func nestedPath(_ nested: NestedContainerResult) -> [RequestPath.Component]? {
        if !isFinite(nested.result) { return [] }
        guard keepsTrees(nested.result) else { return nil }
        let shorthand = nested.request.usesItemsShorthand
        // Most cells were encoded as measured and keep no tree: their
        // paths are built only for one that overflowed.
        return nested.firstCell { s, slot, placed, given in
            guard let layout = placed.layout, let root = given.node, let path = firstPath(layout, root) else { return nil }
            return RequestPath.cell(slot, section: s, shorthand: shorthand).components + [.key("node")] + path
        }
    }
}

extension NonFiniteFrames {
    /// The same for what placement adds up: cell frames, the content size and
    /// the hints' offsets (cells of finite but enormous size, spacing or
    /// insets near the largest double).
    static func problem(_ result: ContainerResult) -> Problem? {
        if isFinite(result) { return nil }
        return Problem(
            .invalidValue,
            detail: "the placement overflows: a cell's frame, the content size or a hint is not a finite number (sizes, spacing or insets too large)",
            path: RequestPath([.key("container")]))
    }

    /// By index: a pass over the cells by value would copy each one.
    static func isFinite(_ result: ContainerResult) -> Bool {
        func finite(_ f: Frame) -> Bool { f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite }
        func cellFinite(_ cell: UnsafePointer<CellResult>) -> Bool {
            guard finite(cell.pointee.frame) else { return false }
            guard let table = cell.pointee.table else { return true }
            return finite(table.contentFrame) && table.accessoryFrame.map(finite) ?? true
                && table.separatorFrame.map(finite) ?? true
        }
        var ok = result.contentSize.width.isFinite && result.contentSize.height.isFinite
        ok = ok && everyCell(result, cellFinite)
        ok = ok && result.hints.pages.allSatisfy { $0.offset.x.isFinite && $0.offset.y.isFinite }
        ok = ok && result.hints.batchFetch.triggerOffset.map(\.isFinite) ?? true
        ok = ok && result.hints.batchFetch.leadingScreens.isFinite
        if let target = result.hints.pager?.targetContentOffset { ok = ok && target.x.isFinite && target.y.isFinite }
        return ok
    }

    /// Whether any cell kept its laid-out tree: only one whose layout
    /// overflowed does (`NestedCells`), so most containers have none.
    private static func keepsTrees(_ result: ContainerResult) -> Bool {
        !everyCell(result) { $0.pointee.layout == nil }
    }

    /// Whether `test` holds for every header, item and footer, each read in place.
    private static func everyCell(_ result: ContainerResult, _ test: (UnsafePointer<CellResult>) -> Bool) -> Bool {
        result.sections.withUnsafeBufferPointer { sections in
            for s in sections.indices {
                let section = sections.baseAddress! + s
                if let header = section.pointee.header, !withUnsafePointer(to: header, test) { return false }
                if let footer = section.pointee.footer, !withUnsafePointer(to: footer, test) { return false }
                let itemsPass = section.pointee.items.withUnsafeBufferPointer { items in
                    items.indices.allSatisfy { test(items.baseAddress! + $0) }
                }
                if !itemsPass { return false }
            }
            return true
        }
    }
}
