/// ASStackLayoutSpec (ASStackLayoutSpec.mm, ASStackUnpositionedLayout.mm): measure every child, break into lines,
/// flex each line along the stack axis, size and stretch the lines, then
/// position. Texture's rounding quirks (grow shares floored to whole points,
/// cross centring floored to pixels) are reproduced on purpose.
enum StackLayout {
    static func layout(
        _ element: UnsafePointer<Element>, spec rawSpec: StackSpec, in range: SizeRange, context: LayoutContext
    ) -> LayoutNode {
        guard !element.pointee.children.isEmpty else {
            // An empty stack is its range minimum (testEmptyStack).
            return LayoutNode(size: LeafLayout.finalSize(range.min, context))
        }
        let spec = rawSpec.resolvingAlignmentShorthands()
        return element.pointee.children.withUnsafeBufferPointer { children in
            var stack = StackPass(
                children: children, style: element.pointee.style, spec: spec, range: range, context: context)
            stack.measureChildren()
            stack.breakIntoLines()
            for l in stack.lines.indices { stack.flexLine(l) }
            stack.sizeLines()
            stack.stretch()
            return stack.positionedLayout()
        }
    }
}

/// One stack layout in progress: the children's current layouts and the lines.
struct StackPass {
    /// What the pass knows of each child besides its layout (`layouts`).
    struct Item {
        /// False for the optimised single flexible child, which Texture leaves
        /// as an unmeasured 0x0 placeholder until it flexes.
        var measured: Bool
        let alignment: StackItemAlignment
        let grow: Double
        let shrink: Double
        let spacingBefore: Double
        let spacingAfter: Double
    }

    struct Line {
        var items: Range<Int>
        var crossSize: Double = 0
        var baseline: Double = 0
    }

    static let violationEpsilon = 0.01

    /// The stack's children, borrowed for the pass: holding the stack
    /// element, or indexing its children array, copied elements.
    let children: UnsafeBufferPointer<Element>
    /// The stack's own baselines, which a horizontal stack exposes.
    let ascender: Double
    let descender: Double
    let spec: StackSpec
    let range: SizeRange
    let context: LayoutContext
    let axes: StackAxes
    /// Children resolve fractions against the stack's size only where it is exact.
    let childParentSize: Size
    /// Texture skips measuring the one child that may both grow and shrink
    /// when the stack's length is exact, since flexing will size it anyway.
    let optimized: Bool
    var items: [Item] = []
    /// Each child's current layout, apart from `items`: the stack's node
    /// takes the array whole, where taking the layouts out of the items
    /// copied each one.
    var layouts: [LayoutNode] = []
    var lines: [Line] = []

    init(children: UnsafeBufferPointer<Element>, style: Style, spec: StackSpec, range: SizeRange, context: LayoutContext) {
        self.children = children
        self.ascender = style.ascender
        self.descender = style.descender
        self.spec = spec
        self.range = range
        self.context = context
        self.axes = StackAxes(vertical: spec.direction.isVertical)
        self.childParentSize = Size(
            width: range.min.width == range.max.width ? range.min.width : .nan,
            height: range.min.height == range.max.height ? range.min.height : .nan)
        var flexibleBoth = 0
        for i in children.indices
        where (children.baseAddress! + i).pointee.style.textureGrow > 0
            && (children.baseAddress! + i).pointee.style.textureShrink > 0
        {
            flexibleBoth += 1
        }
        self.optimized = flexibleBoth == 1 && axes.stack(range.min) == axes.stack(range.max)
    }

    /// Child `i` in place: a field read through `pointee` copies nothing,
    /// where the buffer's subscript returns a copy of the whole element.
    func child(_ i: Int) -> UnsafePointer<Element> { children.baseAddress! + i }

    var crossMin: Double { axes.cross(range.min) }
    var crossMax: Double { axes.cross(range.max) }

    /// `crossChildLayout`: a stretched child without its own cross size gets the
    /// offered cross range (so it can be stretched later); any other child may
    /// be as narrow as 0.
    func crossChildLayout(_ index: Int, stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double) -> LayoutNode {
        var childCrossMin = 0.0
        var childCrossMax = crossMax
        if items[index].alignment == .stretch {
            // Resolved against an undefined parent on purpose: a fractional
            // cross size reads as auto here, so such a child is stretched.
            let own = child(index).pointee.style.resolvedRange(parentSize: Size(width: .nan, height: .nan))
            let ownMin = axes.cross(own.min), ownMax = axes.cross(own.max)
            childCrossMin = ownMin != 0 ? ownMin : crossMin
            childCrossMax = ownMax != .infinity ? ownMax : crossMax
        }
        let r = axes.range(stackMin: stackMin, stackMax: stackMax, crossMin: childCrossMin, crossMax: childCrossMax)
        return ElementMeasurer.measure(child(index), in: r, parentSize: childParentSize, context: context)
    }

    /// The first pass (`crossChildLayout`, ASStackUnpositionedLayout.mm): each child at its flex basis, or with
    /// an unbounded stack length when the basis is auto.
    mutating func measureChildren() {
        items.reserveCapacity(children.count)
        layouts.reserveCapacity(children.count)
        for i in children.indices {
            // Read in place: a copy of the style retains what it holds.
            let grow = child(i).pointee.style.textureGrow, shrink = child(i).pointee.style.textureShrink
            let alignment = spec.alignment(of: child(i).pointee.style)
            let spacingBefore = child(i).pointee.style.spacingBefore
            let spacingAfter = child(i).pointee.style.spacingAfter
            if optimized && grow > 0 && shrink > 0 {
                items.append(Item(
                    measured: false, alignment: alignment, grow: grow, shrink: shrink,
                    spacingBefore: spacingBefore, spacingAfter: spacingAfter))
                layouts.append(ZeroLayout.mirror(child(i).pointee))
                continue
            }
            let parentStack = axes.stack(childParentSize)
            var stackMin = child(i).pointee.style.flexBasis.resolve(parent: parentStack, auto: 0)
            var stackMax = child(i).pointee.style.flexBasis.resolve(parent: parentStack, auto: .infinity)
            // A fractional basis of an inexact stack is NaN in Texture; Weft reads it as auto.
            if stackMin.isNaN || stackMax.isNaN { stackMin = 0; stackMax = .infinity }
            items.append(Item(
                measured: true, alignment: alignment, grow: grow, shrink: shrink,
                spacingBefore: spacingBefore, spacingAfter: spacingAfter))
            layouts.append(crossChildLayout(i, stackMin: stackMin, stackMax: stackMax, crossMin: crossMin, crossMax: crossMax))
        }
    }

    // MARK: - Sums and violations (ASStackUnpositionedLayout.mm)

    /// By index, as the other per-item helpers: passing an item copied its layout.
    func stackLength(_ i: Int) -> Double { axes.stack(layouts[i].size) }

    func itemsStackSum(_ r: Range<Int>) -> Double {
        guard !r.isEmpty else { return 0 }
        var sum = spec.spacing * Double(r.count - 1)
        for i in r {
            sum += items[i].spacingBefore + items[i].spacingAfter + stackLength(i)
        }
        return sum
    }

    func linesCrossSum() -> Double {
        guard !lines.isEmpty else { return 0 }
        return lines.reduce(spec.lineSpacing * Double(lines.count - 1)) { $0 + $1.crossSize }
    }

    /// Positive: free space below the minimum; negative: overflow past the maximum.
    static func violation(_ sum: Double, min: Double, max: Double) -> Double {
        if sum < min { return min - sum }
        if sum > max { return max - sum }
        return 0
    }

    func stackViolation(_ sum: Double) -> Double {
        StackPass.violation(sum, min: axes.stack(range.min), max: axes.stack(range.max))
    }

    func crossViolation(_ sum: Double) -> Double {
        StackPass.violation(sum, min: crossMin, max: crossMax)
    }
}

/// A layout tree of zeros mirroring an element, for children Texture never measures.
enum ZeroLayout {
    static func mirror(_ element: Element) -> LayoutNode {
        LayoutNode(size: .zero, children: element.children.map(mirror))
    }
}
