import WeftLayout

/// Where an element sits in its parent's object.
enum ChildSlot: Sendable, Equatable {
    case root, children(Int), child, overlay, background, corner

    /// The slot's place in its parent, as pointer components.
    var components: [JSONPointer.Component] {
        switch self {
        case .root: return []
        case .children(let i): return [.key("children"), .index(i)]
        case .child: return [.key("child")]
        case .overlay: return [.key("overlay")]
        case .background: return [.key("background")]
        case .corner: return [.key("corner")]
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
}

/// A child's alignSelf or intrinsic size, waiting for its parent's type.
struct PendingChildCheck {
    var slot: ChildSlot
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?
}

/// Everything an element object may carry, gathered before the element's
/// `type` is known. The element itself is built in place (`element` holds
/// its id, style and children as they are read; its kind is set at the
/// closing brace), so its nearly 1 KB style is never copied around.
struct ElementFields {
    var present: UInt64 = 0
    var type: ElementType?
    var element = Element(.box)
    var stylePending = StylePending()

    /// `child`, `overlay`, `background`, `corner`, in the order read.
    var slotted: [(slot: ChildSlot, element: Element)] = []
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

    func has(_ field: ElementField) -> Bool { present & field.bit != 0 }

    var needsParentCheck: Bool { stylePending.alignSelfToken != nil || stylePending.intrinsicKey != nil }

    func slotted(_ slot: ChildSlot) -> Element? {
        slotted.first { $0.slot == slot }?.element
    }

    /// Places a closed child and remembers what this element must still
    /// check. Through a pointer: passing the child's 1 KB fields by value
    /// would copy them.
    mutating func attach(_ child: UnsafeMutablePointer<ElementFields>, at slot: ChildSlot) {
        let pendingStyle = child.pointee.stylePending
        if pendingStyle.alignSelfToken != nil || pendingStyle.intrinsicKey != nil {
            pending.append(
                PendingChildCheck(
                    slot: slot, alignSelfToken: pendingStyle.alignSelfToken, intrinsicKey: pendingStyle.intrinsicKey))
        }
        if case .children = slot {
            // Most containers hold a few children: skip the 1, 2, 4 regrowth.
            if element.children.capacity == 0 { element.children.reserveCapacity(4) }
            element.children.append(child.pointee.element)
        } else {
            slotted.append((slot, child.pointee.element))
        }
    }

    /// Sets a child's alignSelf once this element's vocabulary is known.
    mutating func setAlignSelf(_ align: Align, of slot: ChildSlot) {
        if case .children(let i) = slot {
            element.children[i].style.alignSelf = align
        } else if let k = slotted.firstIndex(where: { $0.slot == slot }) {
            slotted[k].element.style.alignSelf = align
        }
    }
}
