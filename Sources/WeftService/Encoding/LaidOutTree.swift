import WeftLayout

/// An output tree and the element tree it was laid out from, walked together
/// in place: passing nodes and elements down by value copied every one on
/// the way, with its reference counting.
enum LaidOutTree {
    /// `body` with `node` and `element` in place.
    @inline(__always)
    static func withRoot<T>(
        _ node: LayoutNode, _ element: Element, _ body: (UnsafePointer<LayoutNode>, UnsafePointer<Element>) -> T
    ) -> T {
        withUnsafePointer(to: node) { node in
            withUnsafePointer(to: element) { element in body(node, element) }
        }
    }

    /// The children of `node` and of `element`, paired in order (as many as
    /// both have), each with its index, until `body` returns false. Returns
    /// false when it stopped there.
    @inline(__always)
    static func forEachChild(
        of node: UnsafePointer<LayoutNode>, _ element: UnsafePointer<Element>,
        _ body: (Int, UnsafePointer<LayoutNode>, UnsafePointer<Element>) -> Bool
    ) -> Bool {
        let count = Swift.min(node.pointee.children.count, element.pointee.children.count)
        guard count > 0 else { return true }
        return node.pointee.children.withUnsafeBufferPointer { nodes in
            element.pointee.children.withUnsafeBufferPointer { elements in
                for i in 0..<count where !body(i, nodes.baseAddress! + i, elements.baseAddress! + i) { return false }
                return true
            }
        }
    }
}
