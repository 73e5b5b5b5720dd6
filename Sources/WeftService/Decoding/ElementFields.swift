import WeftLayout

/// Where a child element sits in its parent's object.
enum ChildSlot: Sendable {
    case children(Int), child, overlay, background, corner

    /// The child's error path, seen from the parent.
    func wrap(_ error: RequestError) -> RequestError {
        switch self {
        case .children(let i): return error.at(i).at("children")
        case .child: return error.at("child")
        case .overlay: return error.at("overlay")
        case .background: return error.at("background")
        case .corner: return error.at("corner")
        }
    }
}

/// A decoded child with the checks that need its parent's type.
struct DecodedElement {
    var element: Element
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?

    var needsParentCheck: Bool { alignSelfToken != nil || intrinsicKey != nil }
}

struct PendingChildCheck {
    var slot: ChildSlot
    var alignSelfToken: String?
    var intrinsicKey: StyleKey?
}

/// Every field an element object may carry, gathered before the element's
/// `type` is known and assembled into an `Element` at the closing brace.
struct ElementFields {
    var present: UInt64 = 0
    var type: ElementType?
    var id: String?
    var style = DecodedStyle()

    var children: [Element] = []
    var child: DecodedElement?
    var overlay: DecodedElement?
    var background: DecodedElement?
    var corner: DecodedElement?
    /// Children whose alignSelf or intrinsic sizes wait for this element's type.
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

    /// Sets a child's alignSelf once this element's vocabulary is known.
    mutating func setAlignSelf(_ align: Align, of slot: ChildSlot) {
        switch slot {
        case .children(let i): children[i].style.alignSelf = align
        case .child: child?.element.style.alignSelf = align
        case .overlay: overlay?.element.style.alignSelf = align
        case .background: background?.element.style.alignSelf = align
        case .corner: corner?.element.style.alignSelf = align
        }
    }
}
