import WeftCells
import WeftJSON
import WeftLayout

/// Where an element sits in its parent's object.
enum ChildSlot: Sendable, Equatable {
    case root, children(Int), child, overlay, background, corner

    /// The slot's place in its parent, as pointer components.
    var components: [RequestPath.Component] {
        var out: [RequestPath.Component] = []
        append(to: &out)
        return out
    }

    /// Adds the slot's components to `path`'s, without an array of their own.
    func append(to path: inout [RequestPath.Component]) {
        switch self {
        case .root: return
        case .children(let i):
            path.append(.key("children"))
            path.append(.index(i))
        case .child: path.append(.key("child"))
        case .overlay: path.append(.key("overlay"))
        case .background: path.append(.key("background"))
        case .corner: path.append(.key("corner"))
        }
    }

    /// The slot of output child `i` of an element of `kind`: children are
    /// in z-order, so a background's first is its `background`, an
    /// overlay's and a corner's second their `overlay` and `corner`.
    static func ofOutputChild(_ i: Int, in kind: ElementKind) -> ChildSlot {
        switch kind {
        case .background(let hasBackground): return hasBackground && i == 0 ? .background : .child
        case .overlay: return i == 0 ? .child : .overlay
        case .corner: return i == 0 ? .child : .corner
        case .inset, .center, .ratio, .relative: return .child
        case .box, .view, .image, .text, .stack, .absolute, .wrapper, .flex, .container: return .children(i)
        }
    }

    /// The error path seen from one level further out.
    func wrap(_ error: RequestError) -> RequestError {
        switch self {
        case .root: return error
        case .children(let i): return error.at(i).at("children")
        case .child: return error.at("child")
        case .overlay: return error.at("overlay")
        case .background: return error.at("background")
        case .corner: return error.at("corner")
        }
    }
}

/// A decoded root with the checks its parent (if any) would make.
struct DecodedElement {
    var element: Element
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?
    var hugeSize: HugeStyleSize?
}

/// A child's alignSelf or intrinsic size, waiting for its parent's type.
struct PendingChildCheck {
    var slot: ChildSlot
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?
    var hugeSize: HugeStyleSize?
}

/// Everything an element object may carry, gathered before the element's
/// `type` is known. The element itself is built in place (`element` holds
/// its id, style and children as they are read; its kind is set at the
/// closing brace).
struct ElementFields {
    var present: UInt64 = 0
    var type: ElementType?
    var element = Element(.box)
    var stylePending = StylePending()

    /// Where the `child`, `overlay`, `background` and `corner` elements sit
    /// in `element.children`, which holds them in the order read until the
    /// closing brace puts them in output order.
    var slotPositions = SlotPositions()
    var pending: [PendingChildCheck] = []

    var stack = StackSpec()
    var insets = InsetSpec()
    var center = CenterSpec()
    var ratio: Double?
    var relative = RelativeSpec()
    var absoluteSizing = AbsoluteSizing.default
    var cornerSpec = CornerSpec()
    var intrinsicSize = Size.zero
    var text: String?
    var font = FontDescriptor()
    var lineHeight: Double?
    var maxLines = 0
    var truncation = Truncation.tail
    var letterSpacing = 0.0
    var overflowWrap: OverflowWrap?
    var spans: [SpanFields]?
    var truncationText: [SpanFields]?
    var alignment = TextAlignment.natural
    var baseDirection = BaseDirection.auto
    var reportsLines = false
    /// A `container` element's request as read; nil for every other type
    /// (a reference: frames stay small).
    var nested: NestedContainerFields?

    func has(_ field: ElementField) -> Bool { present & field.bit != 0 }

    var needsParentCheck: Bool { stylePending.needsParentCheck }

    /// Places a closed child and remembers what this element must still
    /// check about it. The child is moved out of its frame (a blank element
    /// takes its place): passed by value, it was copied and released.
    mutating func attach(
        movingFrom child: UnsafeMutablePointer<Element>, pending childPending: StylePending, at slot: ChildSlot
    ) {
        if childPending.needsParentCheck {
            pending.append(
                PendingChildCheck(
                    slot: slot, alignSelfToken: childPending.alignSelfToken, intrinsicKey: childPending.intrinsicKey,
                    hugeSize: childPending.hugeSize))
        }
        if element.children.capacity == 0 {
            // Skip the 1, 2, 4 regrowth: most containers hold a few children,
            // a single-child spec one or two.
            if case .children = slot { element.children.reserveCapacity(4) } else { element.children.reserveCapacity(2) }
        }
        if case .children = slot {} else { slotPositions[slot] = element.children.count }
        element.children.append(Self.takeElement(child))
    }

    /// The element at `slot`, leaving a blank one there (as a frame's next
    /// element starts). Swapped rather than moved and re-initialized: the
    /// latter built the blank in a temporary and copied it.
    @inline(__always)
    static func takeElement(_ slot: UnsafeMutablePointer<Element>) -> Element {
        var taken = Element(.box)
        swap(&taken, &slot.pointee)
        return taken
    }

    /// Sets a child's alignSelf once this element's vocabulary is known.
    mutating func setAlignSelf(_ align: Align, of slot: ChildSlot) {
        if case .children(let i) = slot {
            element.children[i].style.alignSelf = align
        } else if let k = slotPositions[slot] {
            element.children[k].style.alignSelf = align
        }
    }
}

/// The index in the children read so far of each single-child slot's element.
struct SlotPositions {
    private var child: Int8 = -1
    private var overlay: Int8 = -1
    private var background: Int8 = -1
    private var corner: Int8 = -1

    /// Each slot is read at most once (a repeated key is refused), so an
    /// element holds at most four slotted children.
    subscript(slot: ChildSlot) -> Int? {
        get {
            let position: Int8
            switch slot {
            case .child: position = child
            case .overlay: position = overlay
            case .background: position = background
            case .corner: position = corner
            case .root, .children: position = -1
            }
            return position < 0 ? nil : Int(position)
        }
        set {
            let position = Int8(newValue ?? -1)
            switch slot {
            case .child: child = position
            case .overlay: overlay = position
            case .background: background = position
            case .corner: corner = position
            case .root, .children: break
            }
        }
    }
}
