import WeftCells
import WeftLayout

/// What the containers nested in a laid-out tree warn about (their
/// placement, their hints, and their own cells' nested containers), with
/// JSON Pointers from the tree's root: a warning cannot travel up through
/// the layout, so it is gathered from the output nodes afterwards.
enum NestedWarnings {
    static func collect(_ node: LayoutNode, _ element: Element) -> [RequestWarning] {
        var warnings: [RequestWarning] = []
        var slots: [ChildSlot] = []
        slots.reserveCapacity(16)
        LaidOutTree.withRoot(node, element) { node, element in collect(node, element, &slots, &warnings) }
        return warnings
    }

    /// `slots`: the way from the root, turned into a pointer only for a warning.
    private static func collect(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, _ slots: inout [ChildSlot],
        _ warnings: inout [RequestWarning]
    ) {
        if let nested = node.pointee.nestedResult {
            guard !nested.value.result.warnings.isEmpty else { return }
            let prefix = RequestPath(slots.flatMap(\.components))
            warnings += nested.value.result.warnings.map { $0.relocated(under: prefix) }
            return
        }
        _ = LaidOutTree.forEachChild(of: node, element) { i, child, childElement in
            slots.append(ChildSlot.ofOutputChild(i, in: element.pointee.kind))
            collect(child, childElement, &slots, &warnings)
            slots.removeLast()
            return true
        }
    }
}
