// CSS / Yoga enums, spelled in the wire format as in CSS.

public enum LayoutDirection: Sendable, Hashable {
    case ltr, rtl
}

/// A flex element's own `direction`; `inherit` takes the parent's.
public enum DirectionStyle: Sendable, Hashable {
    case inherit, ltr, rtl
}

public enum FlexDirection: Sendable, Hashable {
    case column, columnReverse, row, rowReverse

    public var isRow: Bool { self == .row || self == .rowReverse }
    public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

public enum JustifyContent: Sendable, Hashable {
    case flexStart, center, flexEnd, spaceBetween, spaceAround, spaceEvenly, start, end
}

/// `alignItems`, `alignSelf` and `alignContent` share one vocabulary, as in Yoga.
/// Texture parents read `flexStart`/`flexEnd` as their own `start`/`end`.
public enum Align: Sendable, Hashable {
    case auto, flexStart, center, flexEnd, stretch, baseline
    case spaceBetween, spaceAround, spaceEvenly
    /// CSS's own `start` and `end` (writing-mode relative, not flex-relative).
    case start, end
}

public enum FlexWrap: Sendable, Hashable {
    case noWrap, wrap, wrapReverse
}

public enum PositionType: Sendable, Hashable {
    case `static`, relative, absolute
}

public enum Display: Sendable, Hashable {
    case flex, none, contents
}

public enum Overflow: Sendable, Hashable {
    case visible, hidden, scroll
}

public enum BoxSizing: Sendable, Hashable {
    case borderBox, contentBox
}
