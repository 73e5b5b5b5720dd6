/// ASStackLayoutSpec (ASStackLayoutSpec.mm, ASStackUnpositionedLayout.mm): measure every child, break into lines,
/// flex each line along the stack axis, size and stretch the lines, then
/// position. Texture's rounding quirks (grow shares floored to whole points,
/// cross centring floored to pixels) are reproduced on purpose.
enum StackLayout {
    static func layout(_ element: Element, spec rawSpec: StackSpec, in range: SizeRange, context: LayoutContext) -> LayoutNode {
        guard !element.children.isEmpty else {
            // An empty stack is its range minimum (testEmptyStack).
            return LayoutNode(size: LeafLayout.finalSize(range.min, context))
        }
        var stack = StackPass(element: element, spec: rawSpec.resolvingAlignmentShorthands(), range: range, context: context)
        stack.measureChildren()
        stack.breakIntoLines()
        for l in stack.lines.indices { stack.flexLine(l) }
        stack.sizeLines()
        stack.stretch()
        return stack.positionedLayout()
    }
}

/// One stack layout in progress: the children's current layouts and the lines.
struct StackPass {
    struct Item {
        var layout: LayoutNode
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

    let element: Element
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
    var lines: [Line] = []

    init(element: Element, spec: StackSpec, range: SizeRange, context: LayoutContext) {
        self.element = element
        self.spec = spec
        self.range = range
        self.context = context
        self.axes = StackAxes(vertical: spec.direction.isVertical)
        self.childParentSize = Size(
            width: range.min.width == range.max.width ? range.min.width : .nan,
            height: range.min.height == range.max.height ? range.min.height : .nan)
        let flexibleBoth = element.children.reduce(0) {
            $0 + ($1.style.textureGrow > 0 && $1.style.textureShrink > 0 ? 1 : 0)
        }
        self.optimized = flexibleBoth == 1 && axes.stack(range.min) == axes.stack(range.max)
    }

    var crossMin: Double { axes.cross(range.min) }
    var crossMax: Double { axes.cross(range.max) }

    /// `crossChildLayout`: a stretched child without its own cross size gets the
    /// offered cross range (so it can be stretched later); any other child may
    /// be as narrow as 0.
    func crossChildLayout(_ index: Int, stackMin: Double, stackMax: Double, crossMin: Double, crossMax: Double) -> LayoutNode {
        let child = element.children[index]
        var childCrossMin = 0.0
        var childCrossMax = crossMax
        if items[index].alignment == .stretch {
            // Resolved against an undefined parent on purpose: a fractional
            // cross size reads as auto here, so such a child is stretched.
            let own = child.style.resolvedRange(parentSize: Size(width: .nan, height: .nan))
            let ownMin = axes.cross(own.min), ownMax = axes.cross(own.max)
            childCrossMin = ownMin != 0 ? ownMin : crossMin
            childCrossMax = ownMax != .infinity ? ownMax : crossMax
        }
        let r = axes.range(stackMin: stackMin, stackMax: stackMax, crossMin: childCrossMin, crossMax: childCrossMax)
        return ElementMeasurer.measure(child, in: r, parentSize: childParentSize, context: context)
    }

    /// The first pass (`crossChildLayout`, ASStackUnpositionedLayout.mm): each child at its flex basis, or with
    /// an unbounded stack length when the basis is auto.
    mutating func measureChildren() {
        items.reserveCapacity(element.children.count)
        for (i, child) in element.children.enumerated() {
            let style = child.style
            let grow = style.textureGrow, shrink = style.textureShrink
            let alignment = spec.alignment(of: child)
            if optimized && grow > 0 && shrink > 0 {
                items.append(Item(
                    layout: ZeroLayout.mirror(child), measured: false, alignment: alignment, grow: grow, shrink: shrink,
                    spacingBefore: style.spacingBefore, spacingAfter: style.spacingAfter))
                continue
            }
            let parentStack = axes.stack(childParentSize)
            var stackMin = style.flexBasis.resolve(parent: parentStack, auto: 0)
            var stackMax = style.flexBasis.resolve(parent: parentStack, auto: .infinity)
            // A fractional basis of an inexact stack is NaN in Texture; Weft reads it as auto.
            if stackMin.isNaN || stackMax.isNaN { stackMin = 0; stackMax = .infinity }
            items.append(Item(
                layout: LayoutNode(size: .zero), measured: true, alignment: alignment, grow: grow, shrink: shrink,
                spacingBefore: style.spacingBefore, spacingAfter: style.spacingAfter))
            items[i].layout = crossChildLayout(i, stackMin: stackMin, stackMax: stackMax, crossMin: crossMin, crossMax: crossMax)
        }
    }

    // MARK: - Sums and violations (ASStackUnpositionedLayout.mm)

    func stackLength(_ item: Item) -> Double { axes.stack(item.layout.size) }

    func itemsStackSum(_ r: Range<Int>) -> Double {
        guard !r.isEmpty else { return 0 }
        var sum = spec.spacing * Double(r.count - 1)
        for i in r {
            sum += items[i].spacingBefore + items[i].spacingAfter + stackLength(items[i])
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
