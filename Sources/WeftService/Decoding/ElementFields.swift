import WeftLayout

/// Where an element sits in its parent's object.
enum ChildSlot: Sendable, Equatable {
    case root, children(Int), child, overlay, background, corner

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

/// A decoded element with the checks that need its parent's type.
struct DecodedElement {
    var element: Element
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?

    var needsParentCheck: Bool { alignSelfToken != nil || intrinsicKey != nil }
}

/// A child's alignSelf or intrinsic size, waiting for its parent's type.
struct PendingChildCheck {
    var slot: ChildSlot
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?
}

/// Every field an element object may carry, gathered before the element's
/// `type` is known and assembled into an `Element` at the closing brace.
/// Kept lean: the decoder holds one per open element.
struct ElementFields {
    var present: UInt64 = 0
    var type: ElementType?
    var id: String?
    var style = DecodedStyle()

    var children: [Element] = []
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

    func has(_ field: ElementField) -> Bool { present & field.bit != 0 }

    func slotted(_ slot: ChildSlot) -> Element? {
        slotted.first { $0.slot == slot }?.element
    }

    /// Places a decoded child and remembers what its parent must still check.
    mutating func attach(_ child: DecodedElement, at slot: ChildSlot) {
        if child.needsParentCheck {
            pending.append(PendingChildCheck(slot: slot, alignSelfToken: child.alignSelfToken, intrinsicKey: child.intrinsicKey))
        }
        if case .children = slot {
            children.append(child.element)
        } else {
            slotted.append((slot, child.element))
        }
    }

    /// Sets a child's alignSelf once this element's vocabulary is known.
    mutating func setAlignSelf(_ align: Align, of slot: ChildSlot) {
        if case .children(let i) = slot {
            children[i].style.alignSelf = align
        } else if let k = slotted.firstIndex(where: { $0.slot == slot }) {
            slotted[k].element.style.alignSelf = align
        }
    }
}
