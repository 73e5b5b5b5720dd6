import WeftLayout

/// A non-fatal remark about a request: `{"path", "detail"}` in `warnings`.
public struct ResponseWarning: Sendable, Hashable {
    public var path: JSONPointer
    public var detail: String

    public init(path: JSONPointer, detail: String) {
        self.path = path
        self.detail = detail
    }

    /// api.md: a `view` should carry `style.preferredSize`; one warning for
    /// every view without both a width and a height in points.
    public static func collect(in root: Element, at path: JSONPointer) -> [ResponseWarning] {
        var warnings: [ResponseWarning] = []
        var components = path.components
        visit(root, &components, &warnings)
        return warnings
    }

    private static func visit(_ element: Element, _ path: inout [JSONPointer.Component], _ out: inout [ResponseWarning]) {
        if case .view = element.kind, !isPoints(element.style.width) || !isPoints(element.style.height) {
            out.append(
                ResponseWarning(
                    path: JSONPointer(path),
                    detail: "a view should carry style.preferredSize; without a width and a height it measures as an empty box"))
        }
        for (index, child) in element.children.enumerated() {
            let added = ChildPath.components(parent: element.kind, index: index)
            path.append(contentsOf: added)
            visit(child, &path, &out)
            path.removeLast(added.count)
        }
    }

    private static func isPoints(_ dimension: Dimension) -> Bool {
        if case .points = dimension { return true }
        return false
    }
}
