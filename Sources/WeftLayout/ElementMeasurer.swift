/// Dispatches `layoutThatFits` to the element's own layout.
enum ElementMeasurer {
    static func measure(_ element: Element, in range: SizeRange, parentSize: Size, context: LayoutContext) -> LayoutNode {
        withUnsafePointer(to: element) { measure($0, in: range, parentSize: parentSize, context: context) }
    }

    /// The element in place: a stack measures its children through pointers
    /// into its children array, and a leaf or a stack is measured without
    /// copying the element (a copy retains everything it holds).
    static func measure(
        _ pointer: UnsafePointer<Element>, in range: SizeRange, parentSize: Size, context: LayoutContext
    ) -> LayoutNode {
        switch pointer.pointee.kind {
        case .flex:
            return FlexLayout.layout(pointer.pointee, in: range, parentSize: parentSize, context: context)
        // Inset, overlay and background ignore their own style sizes (ASLayoutSpec.mm).
        case .inset(let insets):
            return InsetLayout.layout(pointer.pointee, insets: insets, in: range, parentSize: parentSize, context: context)
        case .overlay:
            return OverlayLayout.layout(pointer.pointee, in: range, parentSize: parentSize, context: context)
        case .background(let hasBackground):
            return BackgroundLayout.layout(
                pointer.pointee, hasBackground: hasBackground, in: range, parentSize: parentSize, context: context)
        default:
            break
        }
        let styleRange = pointer.pointee.style.resolvedRange(parentSize: parentSize)
        let resolved = range.intersect(styleRange)
        var node = measureWithOwnRange(pointer, in: resolved, context: context)
        switch pointer.pointee.kind {
        case .text, .stack, .flex:
            break  // these expose baselines of their own
        default:
            node.ascender = pointer.pointee.style.ascender
            node.descender = pointer.pointee.style.descender
        }
        return node
    }

    /// The element's own measurement once its style has narrowed the range.
    private static func measureWithOwnRange(
        _ pointer: UnsafePointer<Element>, in resolved: SizeRange, context: LayoutContext
    ) -> LayoutNode {
        switch pointer.pointee.kind {
        case .box, .view:
            return LeafLayout.layout(proposal: nil, in: resolved, context: context)
        case .image(let intrinsic):
            return LeafLayout.layout(proposal: intrinsic, in: resolved, context: context)
        case .text(let content):
            return LeafLayout.layoutText(content, in: resolved, context: context)
        case .stack(let spec):
            return StackLayout.layout(pointer, spec: spec, in: resolved, context: context)
        case .center(let spec):
            let relative = RelativeSpec(
                horizontal: spec.centerX ? .center : .none, vertical: spec.centerY ? .center : .none,
                sizing: spec.sizing)
            return RelativeLayout.layout(pointer.pointee, spec: relative, in: resolved, context: context)
        case .relative(let spec):
            return RelativeLayout.layout(pointer.pointee, spec: spec, in: resolved, context: context)
        case .ratio(let ratio):
            return RatioLayout.layout(pointer.pointee, ratio: ratio, in: resolved, context: context)
        case .absolute(let sizing):
            return AbsoluteLayout.layout(pointer.pointee, sizing: sizing, in: resolved, context: context)
        case .corner(let spec):
            return CornerLayout.layout(pointer.pointee, spec: spec, in: resolved, context: context)
        case .wrapper:
            return WrapperLayout.layout(pointer.pointee, in: resolved, context: context)
        case .container(let content):
            // A leaf whose size the cells layer decides; ASLayout's ceiling applies as to any leaf.
            let nested = content.layout(in: resolved, context: context)
            var node = LayoutNode(size: LeafLayout.finalSize(nested.size, context))
            node.nested = nested.answer
            return node
        case .flex, .inset, .overlay, .background:
            preconditionFailure("handled above")
        }
    }
}
