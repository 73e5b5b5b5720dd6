import WeftCells
import WeftJSON
import WeftLayout

/// Line boxes (`lines`) cost an answer about 90 bytes each, and a text at a
/// narrow width has about one per character: a megabyte of text a point
/// wide was a 110 MB answer, from a body of a kilobyte once compressed. A
/// request (a node request's tree, or a container's cells together) lists
/// at most `limit` of them; past it, a 422 at the text (or the cell) that
/// passes it.
enum ReportedLines {
    static let limit = 100_000

    static let detail = "more than \(limit) line boxes in one request: ask for `lines` on fewer texts, or lay them out wider"

    /// The line boxes `node`'s tree lists, its nested containers' cells
    /// included; or, once they pass `limit`, the error at the text (or the
    /// nested container) that passes it, its `reversedPath` ending at the
    /// tree's root.
    static func tally(_ node: LayoutNode, _ element: Element) -> Result<Int, RequestError> {
        var counted = 0
        var reversed: [RequestPath.Component] = []
        let passed = LaidOutTree.withRoot(node, element) { node, element in
            find(node, element, &counted, &reversed)
        }
        guard passed else { return .success(counted) }
        return .failure(RequestError(.limitExceeded, detail, reversedPath: reversed))
    }

    /// `tally`'s error, if any.
    static func error(_ node: LayoutNode, _ element: Element) -> RequestError? {
        if case .failure(let error) = tally(node, element) { return error }
        return nil
    }

    private static func find(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, _ counted: inout Int,
        _ reversed: inout [RequestPath.Component]
    ) -> Bool {
        counted += node.pointee.textDetails?.lines?.count ?? 0
        if node.pointee.nested != nil { counted += node.pointee.nestedResult?.value.lineBoxes ?? 0 }
        if counted > limit { return true }
        let withinLimit = LaidOutTree.forEachChild(of: node, element) { i, child, childElement in
            guard find(child, childElement, &counted, &reversed) else { return true }
            reversed.append(contentsOf: ChildSlot.ofOutputChild(i, in: element.pointee.kind).components.reversed())
            return false
        }
        return !withinLimit
    }
}
