/// Texture ceils each display node's position once, when it flattens a spec
/// tree: the sum of the unrounded spec positions from the node down, ceiled
/// to the pixel grid (ASLayout.mm, flattening). Weft keeps specs in its output, so every
/// node gets the ceiled absolute origin and its relative frame is the
/// difference to its parent's: summing the relative frames down the tree gives
/// exactly Texture's flattened frames.
///
/// A flex element rounds its own subtree with Yoga's rules; its children's
/// frames arrive final and each child starts a new Texture rounding root.
struct PositionRounding {
    let grid: PixelGrid

    func finalize(_ node: inout LayoutNode, element: Element) {
        withUnsafePointer(to: element) { finalize(&node, element: $0) }
    }

    /// The walk goes through pointers: passing elements by value copied
    /// each root element, and with it retained its contents.
    private func finalize(_ node: inout LayoutNode, element: UnsafePointer<Element>) {
        guard node.children.count == element.pointee.children.count else { return }
        if element.pointee.kind.isFlex {
            // Only the Texture elements inside a flex subtree need rounding:
            // a subtree of flex elements alone is left untouched (walking it
            // in place would check every children array for uniqueness).
            element.pointee.children.withUnsafeBufferPointer { children in
                for i in children.indices where PositionRounding.containsSpec(children.baseAddress! + i) {
                    finalize(&node.children[i], element: children.baseAddress! + i)
                }
            }
        } else {
            place(&node, element: element, absoluteUnrounded: .zero, absoluteRounded: .zero)
        }
    }

    /// Whether `element` or anything below it is not a flex element.
    static func containsSpec(_ element: UnsafePointer<Element>) -> Bool {
        guard element.pointee.kind.isFlex else { return true }
        return element.pointee.children.withUnsafeBufferPointer { children in
            children.indices.contains { containsSpec(children.baseAddress! + $0) }
        }
    }

    private func place(
        _ node: inout LayoutNode, element: UnsafePointer<Element>, absoluteUnrounded: Point, absoluteRounded: Point
    ) {
        if element.pointee.kind.isFlex {
            finalize(&node, element: element)
            return
        }
        guard node.children.count == element.pointee.children.count else { return }
        element.pointee.children.withUnsafeBufferPointer { children in
            for i in node.children.indices {
                let rel = node.children[i].frame.origin
                let unrounded = Point(x: absoluteUnrounded.x + sanitize(rel.x), y: absoluteUnrounded.y + sanitize(rel.y))
                let rounded = Point(x: grid.ceil(unrounded.x), y: grid.ceil(unrounded.y))
                node.children[i].frame.origin = Point(x: rounded.x - absoluteRounded.x, y: rounded.y - absoluteRounded.y)
                place(
                    &node.children[i], element: children.baseAddress! + i, absoluteUnrounded: unrounded,
                    absoluteRounded: rounded)
            }
        }
    }

    /// `ASLayout.frame` replaces non-finite origins by 0.
    private func sanitize(_ v: Double) -> Double { v.isFinite ? v : 0 }
}
