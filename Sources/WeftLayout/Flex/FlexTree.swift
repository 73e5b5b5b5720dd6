/// What the algorithm knows about one element during a pass: its resolved
/// style, where its in-flow children are, and its layout so far.
struct FlexNode: Sendable {
    var style: FlexStyle
    /// Index into `FlexTree.leaves` for a non-flex element measured like a
    /// Yoga measure function; -1 for a flex container.
    var leafIndex: Int32
    /// The element's layout children in `FlexTree.flow`: `display: none`
    /// children are left out and `display: contents` children are replaced
    /// by their own children (CSS Display §2.5: the box is not generated).
    var flowStart: Int32
    var flowCount: Int32
    /// Output children are the next nodes in pre-order: the first is at
    /// index + 1, each next one a subtree further.
    var childCount: Int32 = 0
    var subtreeSize: Int32 = 1
    var layout = FlexNodeLayout()
    var cache = FlexMeasureCache()

    var isLeaf: Bool { leafIndex >= 0 }
}

/// A node's computed values. Positions are offsets from the parent's
/// border-box edges, kept per physical side until the parent's size is final
/// (a reversed axis measures from the right or bottom).
struct FlexNodeLayout: Sendable {
    /// The border-box size the last measurement produced.
    var measured = Size(width: .nan, height: .nan)
    /// The border-box size from the last full layout.
    var size = Size.zero
    var position = PhysicalEdges<Double>.zero
    var padding = PhysicalEdges<Double>.zero
    /// CSS Flexbox §9.2 step 3: the flex base size (border box, no margins).
    var flexBasis = Double.nan
    /// Whether the flex base size came from the item's content or its main
    /// size property, either of which is at least its automatic minimum.
    var basisAtLeastMinimum = false
    /// Whether the flex base size is the item's max-content size.
    var basisIsContent = false
    /// CSS Flexbox §4.5: the automatic minimum main size, NaN when the
    /// item's min main size is not `auto` or cannot matter.
    var automaticMinimum = Double.nan
    /// Memo of `minContentWidth` (it does not change within a pass).
    var minContentWidth = Double.nan
    /// The main size the item is being resolved to (§9.7's target main size).
    var targetMain = 0.0
    var frozen = false
    /// -1: the last clamp raised the target to its min; +1: lowered to its max.
    var violation: Int8 = 0
    var lineIndex = 0
    /// Distance from the border-box top to the first baseline of a leaf.
    var leafBaseline = Double.nan
}

/// One pass's element tree flattened into arrays of small structs: no
/// reference counting in the algorithm's loops.
struct FlexTree {
    /// The nodes in pre-order, in one allocation that the algorithm writes in
    /// place: through an array, every write to a node first checked that the
    /// array's buffer was not shared. Copies of a tree share the nodes.
    let nodes: UnsafeMutableBufferPointer<FlexNode>
    private let storage: FlexNodeStorage
    /// How many of `nodes` are built so far.
    private var built = 0
    var flow: [Int32] = []
    var leaves: [Element] = []
    /// The last output of each leaf's measurement, reused when its final
    /// size matches (so a spec inside flex is not laid out twice).
    var leafOutputs: [LayoutNode?] = []
    private var pending: [Int32] = []

    /// Builds the nodes of `root` and everything below it in pre-order, so an
    /// element's node index is its pre-order position (the output walk relies
    /// on that).
    init(root: Element, direction: LayoutDirection) {
        // Elements are about 1 KB: the walk goes through pointers so that
        // no element is copied on the way.
        let count = withUnsafePointer(to: root) { FlexTree.countNodes($0) }
        storage = FlexNodeStorage(capacity: count)
        nodes = storage.nodes
        flow.reserveCapacity(count)
        withUnsafePointer(to: root) { root in
            _ = add(root, inherited: direction)
        }
        precondition(built == count, "every counted node is built")
        storage.initialized = built
    }

    /// The number of nodes `element` becomes: non-flex elements are leaves.
    static func countNodes(_ element: UnsafePointer<Element>) -> Int {
        guard case .flex = element.pointee.kind else { return 1 }
        return element.pointee.children.withUnsafeBufferPointer { children in
            var count = 1
            for i in children.indices { count += countNodes(children.baseAddress! + i) }
            return count
        }
    }

    subscript(flowChildOf node: Int, at i: Int) -> Int {
        Int(flow[Int(nodes[node].flowStart) + i])
    }

    private mutating func add(_ element: UnsafePointer<Element>, inherited: LayoutDirection) -> Int {
        let direction: LayoutDirection
        switch element.pointee.style.direction {
        case .inherit: direction = inherited
        case .ltr: direction = .ltr
        case .rtl: direction = .rtl
        }
        let index = built
        var isFlex = false
        if case .flex = element.pointee.kind { isFlex = true }
        var leafIndex: Int32 = -1
        if !isFlex {
            leafIndex = Int32(leaves.count)
            leaves.append(index == 0 ? element.pointee : Self.asFlexItem(element.pointee))
            leafOutputs.append(nil)
        }
        (nodes.baseAddress! + index).initialize(
            to: FlexNode(
                style: FlexStyle(element.pointee.style, direction: direction), leafIndex: leafIndex, flowStart: 0,
                flowCount: 0))
        built += 1
        guard isFlex else { return index }

        let mark = pending.count
        let childCount = element.pointee.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                let childIndex = add(children.baseAddress! + i, inherited: direction)
                pending.append(Int32(childIndex))
            }
            return children.count
        }
        nodes[index].childCount = Int32(childCount)
        nodes[index].subtreeSize = Int32(built - index)
        // Replace `contents` children by their flow children and drop `none`.
        let start = flow.count
        for i in mark..<pending.count {
            let c = Int(pending[i])
            switch nodes[c].style.display {
            case .none: continue
            case .contents where !nodes[c].isLeaf:
                let s = Int(nodes[c].flowStart)
                for j in 0..<Int(nodes[c].flowCount) { flow.append(flow[s + j]) }
            default: flow.append(Int32(c))
            }
        }
        nodes[index].flowStart = Int32(start)
        nodes[index].flowCount = Int32(flow.count - start)
        pending.removeLast(pending.count - mark)
        return index
    }

    /// A text child of a `flex` element wraps by the browser's initial values
    /// unless it says otherwise (`OverflowWrap.default(inFlex:)`).
    private static func asFlexItem(_ element: Element) -> Element {
        guard case .text(var content) = element.kind, content.overflowWrap == nil else { return element }
        content.overflowWrap = .normal
        var item = element
        item.kind = .text(content)
        return item
    }
}

/// Owns the memory of a tree's nodes.
final class FlexNodeStorage {
    let nodes: UnsafeMutableBufferPointer<FlexNode>
    var initialized = 0

    init(capacity: Int) {
        nodes = .allocate(capacity: capacity)
    }

    deinit {
        nodes.baseAddress!.deinitialize(count: initialized)
        nodes.deallocate()
    }
}
