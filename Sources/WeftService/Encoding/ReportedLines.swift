import WeftCells
import WeftJSON
import WeftLayout

/// Line boxes (`lines`) cost an answer about 90 bytes each, and a text at a
/// narrow width has about one per character: a megabyte of text a point
/// wide was a 110 MB answer, from a body of a kilobyte once compressed. A
/// tree (a node request's, or a cell's) reports at most `limit` of them; the
/// text that passes it is a 422.
enum ReportedLines {
    static let limit = 100_000

    /// The error at the text, in pre-order, whose line boxes take `node`'s
    /// tree past `limit`, its `reversedPath` ending at the tree's root.
    static func error(_ node: LayoutNode, _ element: Element) -> RequestError? {
        var counted = 0
        var reversed: [RequestPath.Component] = []
        let found = LaidOutTree.withRoot(node, element) { node, element in
            find(node, element, &counted, &reversed)
        }
        guard found else { return nil }
        return RequestError(
            .limitExceeded,
            "more than \(limit) line boxes in one tree: ask for `lines` on fewer texts, or lay them out wider",
            reversedPath: reversed)
    }

    private static func find(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, _ counted: inout Int,
        _ reversed: inout [RequestPath.Component]
    ) -> Bool {
        counted += node.pointee.textDetails?.lines?.count ?? 0
        if counted > limit { return true }
        let withinLimit = LaidOutTree.forEachChild(of: node, element) { i, child, childElement in
            guard find(child, childElement, &counted, &reversed) else { return true }
            reversed.append(contentsOf: ChildSlot.ofOutputChild(i, in: element.pointee.kind).components.reversed())
            return false
        }
        return !withinLimit
    }
}
