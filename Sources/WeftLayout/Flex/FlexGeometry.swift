/// The four physical sides of a box. Flex-relative sides (main-start,
/// cross-end, ...) are mapped onto these once the writing direction is known.
enum PhysicalEdge: Int, Sendable {
    case left, top, right, bottom
}

/// One value per physical side.
struct PhysicalEdges<Value>: Sendable where Value: Sendable {
    var left: Value
    var top: Value
    var right: Value
    var bottom: Value

    init(left: Value, top: Value, right: Value, bottom: Value) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    init(all value: Value) {
        self.init(left: value, top: value, right: value, bottom: value)
    }

    subscript(edge: PhysicalEdge) -> Value {
        get {
            switch edge {
            case .left: return left
            case .top: return top
            case .right: return right
            case .bottom: return bottom
            }
        }
        set {
            switch edge {
            case .left: left = newValue
            case .top: top = newValue
            case .right: right = newValue
            case .bottom: bottom = newValue
            }
        }
    }
}

extension PhysicalEdges where Value == Double {
    static var zero: PhysicalEdges<Double> { PhysicalEdges(all: 0) }
    var horizontal: Double { left + right }
    var vertical: Double { top + bottom }

    func sum(along axis: FlexDirection) -> Double {
        axis.isRow ? horizontal : vertical
    }
}

/// Yoga's three sizing modes, named after the CSS available-space kinds they
/// stand for (CSS Sizing 3 §2.1): a definite size to fill, a size not to
/// exceed, or no constraint at all.
enum SizingMode: UInt8, Sendable {
    /// The box must be exactly the available size (Yoga: Exactly / StretchFit).
    case exactly
    /// The box may be smaller than the available size (Yoga: AtMost / FitContent).
    case atMost
    /// The available size is infinite (Yoga: Undefined / MaxContent).
    case undefined
}

extension FlexDirection {
    /// CSS Flexbox §5.1: `row` follows the inline direction, so in RTL its
    /// start is on the right. Columns are not affected by `direction`.
    func resolved(for direction: LayoutDirection) -> FlexDirection {
        guard direction == .rtl else { return self }
        switch self {
        case .row: return .rowReverse
        case .rowReverse: return .row
        default: return self
        }
    }

    /// The cross axis of a main axis: for a column the inline axis (whose
    /// start flips with RTL), for a row the block axis.
    func crossAxis(for direction: LayoutDirection) -> FlexDirection {
        isRow ? .column : FlexDirection.row.resolved(for: direction)
    }

    /// The physical side where this axis starts (main-start / cross-start).
    var startEdge: PhysicalEdge {
        switch self {
        case .row: return .left
        case .rowReverse: return .right
        case .column: return .top
        case .columnReverse: return .bottom
        }
    }

    var endEdge: PhysicalEdge {
        switch self {
        case .row: return .right
        case .rowReverse: return .left
        case .column: return .bottom
        case .columnReverse: return .top
        }
    }

    /// The side a positive offset along this axis grows from in Weft's output
    /// (left or top), regardless of reversal.
    var physicalStartEdge: PhysicalEdge { isRow ? .left : .top }
    var physicalEndEdge: PhysicalEdge { isRow ? .right : .bottom }
}

extension Size {
    @inline(__always)
    func along(_ axis: FlexDirection) -> Double { axis.isRow ? width : height }

    @inline(__always)
    mutating func set(_ value: Double, along axis: FlexDirection) {
        if axis.isRow { width = value } else { height = value }
    }
}

/// `NaN` stands for CSS's "indefinite" / Yoga's undefined throughout the flex
/// algorithm, so arithmetic on an undefined length stays undefined.
extension Double {
    @inline(__always) var isDefined: Bool { !isNaN }

    /// The larger of two lengths, ignoring an undefined one.
    @inline(__always)
    func maxDefined(_ other: Double) -> Double {
        if isNaN { return other }
        if other.isNaN { return self }
        return Swift.max(self, other)
    }

    @inline(__always)
    func minDefined(_ other: Double) -> Double {
        if isNaN { return other }
        if other.isNaN { return self }
        return Swift.min(self, other)
    }

    /// An undefined length counts as zero.
    @inline(__always) var orZero: Double { isNaN ? 0 : self }
}

extension Dimension {
    /// A length-percentage against a reference size; `nil` for `auto` and the
    /// intrinsic keywords, NaN when a percentage meets an undefined reference
    /// (CSS: a percentage of an indefinite size behaves as `auto`).
    @inline(__always)
    func resolved(against reference: Double) -> Double {
        switch self {
        case .points(let v): return v
        case .fraction(let f): return f * reference
        case .auto, .maxContent, .fitContent, .stretch: return .nan
        }
    }

    var isIntrinsicKeyword: Bool {
        switch self {
        case .maxContent, .fitContent, .stretch: return true
        default: return false
        }
    }
}
