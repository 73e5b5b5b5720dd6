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
        withUnsafePointer(to: node) { node in
            withUnsafePointer(to: element) { element in collect(node, element, &slots, &warnings) }
        }
        return warnings
    }

    /// `slots`: the way from the root, turned into a pointer only for a
    /// warning. Through pointers: passing each child down by value copied it.
    private static func collect(
        _ node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>, _ slots: inout [ChildSlot],
        _ warnings: inout [RequestWarning]
    ) {
        if let nested = node.pointee.nested?.value as? NestedContainerResult {
            guard !nested.result.warnings.isEmpty else { return }
            let prefix = RequestPath(slots.flatMap(\.components))
            warnings += nested.result.warnings.map { $0.relocated(under: prefix) }
            return
        }
        let count = Swift.min(node.pointee.children.count, element.pointee.children.count)
        guard count > 0 else { return }
        node.pointee.children.withUnsafeBufferPointer { nodes in
            element.pointee.children.withUnsafeBufferPointer { elements in
                for i in 0..<count {
                    slots.append(ChildSlot.ofOutputChild(i, in: element.pointee.kind))
                    collect(nodes.baseAddress! + i, elements.baseAddress! + i, &slots, &warnings)
                    slots.removeLast()
                }
            }
        }
    }
}
