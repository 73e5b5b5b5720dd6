/// Lays out a `flex` element: CSS flexbox with Yoga's initial values, as
/// browsers implement it. Called for every `flex` element that is the root or
/// sits inside a Texture spec; flex children of a flex element are part of
/// the same pass.
enum FlexLayout {
    static func layout(_ element: Element, in range: SizeRange, parentSize: Size, context: LayoutContext) -> LayoutNode {
        var pass = FlexLayoutPass(tree: FlexTree(root: element, direction: context.direction), context: context)
        pass.layoutRoot(range: range)
        if context.pointScale > 0 {
            pass.roundToPixelGrid(0, absolute: .zero, scale: context.pointScale)
        }
        var node = pass.output(0)
        // Texture's layoutThatFits: the result always lies in the range. A
        // range can still demand an invalid size (a percentage of an unbounded
        // parent is infinite); like any ASLayout, such a size becomes 0 (1.7).
        let clamped = range.clamp(node.size)
        node.size = Size(
            width: TextureMath.validForSize(clamped.width) ? clamped.width : 0,
            height: TextureMath.validForSize(clamped.height) ? clamped.height : 0)
        return node
    }
}

extension FlexLayoutPass {
    /// Yoga's calculateLayout with the wire format's mapping of the offered range: a
    /// bounded axis of `range.max` is the owner size, an unbounded one is an
    /// undefined owner size. The root's own definite size is used exactly; a
    /// max size makes it fit-content; otherwise it fills a defined owner
    /// size and is sized by its content in an undefined one.
    mutating func layoutRoot(range: SizeRange) {
        // Texture's yogaFloatForCGFloat: CGFLOAT_MAX / 2 and above is undefined
        // too, since Texture's own unbounded ranges (a table cell's height) say
        // CGFLOAT_MAX, not infinity; taken as definite, flex-grow overflows it.
        let owner = Size(
            width: range.max.width < .greatestFiniteMagnitude / 2 ? range.max.width : .nan,
            height: range.max.height < .greatestFiniteMagnitude / 2 ? range.max.height : .nan)
        func axis(_ a: FlexDirection) -> (Double, SizingMode) {
            let reference = owner.along(a)
            let definite = definiteSize(0, a, reference, owner.width)
            if definite.isDefined { return (definite + marginSum(0, a, owner.width), .exactly) }
            if let keyword = keywordSize(0, a, available: reference) { return keyword }
            let hi = maxSize(0, a, reference, owner.width)
            if hi.isDefined { return (hi, .atMost) }
            return (reference, reference.isNaN ? .undefined : .exactly)
        }
        let (width, widthMode) = axis(.row)
        let (height, heightMode) = axis(.column)
        layoutNode(
            0, available: Size(width: width, height: height), widthMode: widthMode, heightMode: heightMode,
            owner: owner, performLayout: true)
        // The root sits at its own margin, shifted by its insets (Yoga's root
        // position; an absolute root is placed by them in its owner).
        let offset = relativeOffset(0, containingBlock: owner, asRoot: true)
        tree.nodes[0].layout.position.left = margin(0, .left, owner.width) + offset.x
        tree.nodes[0].layout.position.top = margin(0, .top, owner.width) + offset.y
    }

    /// Builds the output tree in the element tree's shape. Frames are
    /// relative to the parent output node: `display: contents` elements sit
    /// at the parent's origin with a zero size, so their children's offsets
    /// (computed in the parent's box) hold unchanged.
    func output(_ n: Int) -> LayoutNode {
        let layout = tree.nodes[n].layout
        let frame = Frame(origin: Point(x: layout.position.left, y: layout.position.top), size: layout.size)
        if (tree.nodes[n].leafIndex >= 0) {
            return leafOutput(n, frame: frame)
        }
        let count = Int(tree.nodes[n].childCount)
        var children: [LayoutNode] = []
        children.reserveCapacity(count)
        var c = n + 1
        for _ in 0..<count {
            children.append(output(c))
            c += Int(tree.nodes[c].subtreeSize)
        }
        return LayoutNode(frame: frame, children: children)
    }

    /// A measured child keeps its own subtree from its last measurement when
    /// that had the final size; otherwise it is laid out once more at
    /// exactly that size.
    func leafOutput(_ n: Int, frame: Frame) -> LayoutNode {
        let leaf = Int(tree.nodes[n].leafIndex)
        let element = tree.leaves[leaf]
        var result: LayoutNode
        if frame.width == 0 && frame.height == 0 && tree.leafOutputs[leaf] == nil {
            result = FlexLayoutPass.zeroMirror(element)
        } else if let last = tree.leafOutputs[leaf], last.size == frame.size {
            result = last
        } else {
            var leafContext = context
            leafContext.direction = tree.nodes[n].style.direction
            result = LayoutEngine.measure(
                element, in: SizeRange(exactly: frame.size), parentSize: frame.size, context: leafContext)
        }
        result.frame = frame
        return result
    }

    /// An element that was never laid out (inside `display: none`).
    static func zeroMirror(_ element: Element) -> LayoutNode {
        LayoutNode(frame: .zero, children: element.children.map(zeroMirror))
    }
}
