import WeftLayout

/// A non-fatal remark about a request: `{"path", "detail"}` in `warnings`.
public struct ResponseWarning: Sendable, Hashable {
    public var path: JSONPointer
    public var detail: String

    public init(path: JSONPointer, detail: String) {
        self.path = path
        self.detail = detail
    }

    /// api.md: a `view` should carry `style.preferredSize`.
    public static func viewWithoutSize(at path: JSONPointer) -> ResponseWarning {
        ResponseWarning(
            path: path,
            detail: "a view should carry style.preferredSize; without a width and a height it measures as an empty box")
    }

    /// One warning for every view without both a width and a height in
    /// points, found by walking a tree (decoders report the same while reading).
    public static func collect(in root: Element, at path: JSONPointer) -> [ResponseWarning] {
        var warnings: [ResponseWarning] = []
        var components = path.components
        withUnsafePointer(to: root) { visit($0, &components, &warnings) }
        return warnings
    }

    /// Through pointers, so that no 1 KB element is copied to be looked at.
    private static func visit(
        _ element: UnsafePointer<Element>, _ path: inout [JSONPointer.Component], _ out: inout [ResponseWarning]
    ) {
        if case .view = element.pointee.kind,
            !isPoints(element.pointee.style.width) || !isPoints(element.pointee.style.height)
        {
            out.append(viewWithoutSize(at: JSONPointer(path)))
        }
        guard !element.pointee.children.isEmpty else { return }
        element.pointee.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                let added = ChildPath.append(parent: element.pointee.kind, index: index, to: &path)
                visit(children.baseAddress! + index, &path, &out)
                path.removeLast(added)
            }
        }
    }

    private static func isPoints(_ dimension: Dimension) -> Bool {
        if case .points = dimension { return true }
        return false
    }
}
