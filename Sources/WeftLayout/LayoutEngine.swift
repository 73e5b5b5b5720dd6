/// The entry points of the layout engine.
public enum LayoutEngine {
    /// Lays out a whole tree in a size range: `POST /v1/layout/node`'s,
    /// Texture's `ASCalculateRootLayout`. Positions in the result are final
    /// (rounded to the pixel grid at `context.pointScale`) and relative to the
    /// parent node; the root sits at its own origin (0,0 for specs, margin and
    /// offsets for a flex root).
    public static func layout(_ root: Element, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        var node = measure(root, in: range, parentSize: range.max, context: context)
        if root.kind.isFlex {
            // Texture clamps whatever its root measured into the requested range.
            node.size = range.clamp(node.size)
        } else {
            node.frame.origin = .zero
        }
        PositionRounding(grid: PixelGrid(scale: context.pointScale)).finalize(&node, element: root)
        return node
    }

    /// Texture's `layoutThatFits:parentSize:` for one element: the element's own
    /// style narrows the offered range (except where Texture ignores it), then
    /// the element measures itself. Sizes are on the pixel grid; child positions
    /// are not rounded yet (see `PositionRounding`).
    public static func measure(_ element: Element, in range: SizeRange, parentSize: Size, context: LayoutContext) -> LayoutNode {
        ElementMeasurer.measure(element, in: range, parentSize: parentSize, context: context)
    }
}
