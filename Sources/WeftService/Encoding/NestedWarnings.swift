import WeftCells
import WeftLayout

/// What the containers nested in a laid-out tree warn about (their
/// placement, their hints, and their own cells' nested containers), with
/// JSON Pointers from the tree's root: a warning cannot travel up through
/// the layout, so it is gathered from the output nodes afterwards.
enum NestedWarnings {
    static func collect(_ node: LayoutNode, _ element: Element) -> [RequestWarning] {
        var warnings: [RequestWarning] = []
        var path: [JSONPointer.Component] = []
        collect(node, element, &path, &warnings)
        return warnings
    }

    private static func collect(
        _ node: LayoutNode, _ element: Element, _ path: inout [JSONPointer.Component], _ warnings: inout [RequestWarning]
    ) {
        if let nested = node.nested?.value as? NestedContainerResult {
            guard !nested.result.warnings.isEmpty else { return }
            let prefix = JSONPointer(path).description
            warnings += nested.result.warnings.map { $0.relocated(under: prefix) }
            return
        }
        let count = Swift.min(node.children.count, element.children.count)
        for i in 0..<count {
            let slot = ChildSlot.ofOutputChild(i, in: element.kind).components
            path += slot
            collect(node.children[i], element.children[i], &path, &warnings)
            path.removeLast(slot.count)
        }
    }
}
