// CSS / Yoga enums, spelled in the wire format as in CSS.

/// The resolved layout direction: which side `start` is on.
public enum LayoutDirection: Sendable, Hashable {
    case ltr, rtl
}

/// A flex element's own `direction`; `inherit` takes the parent's.
public enum DirectionStyle: Sendable, Hashable {
    case inherit, ltr, rtl
}

/// CSS `flex-direction`: the main axis and its direction.
public enum FlexDirection: Sendable, Hashable {
    case column, columnReverse, row, rowReverse

    /// Whether the main axis is horizontal.
    public var isRow: Bool { self == .row || self == .rowReverse }
    /// Whether items run against the axis's usual direction.
    public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

/// CSS `justify-content` on a flex element.
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

/// CSS `flex-wrap`.
public enum FlexWrap: Sendable, Hashable {
    case noWrap, wrap, wrapReverse
}

/// Yoga's `positionType` (CSS `position`).
public enum PositionType: Sendable, Hashable {
    case `static`, relative, absolute
}

/// CSS `display` as Yoga supports it.
public enum Display: Sendable, Hashable {
    case flex, none, contents
}

/// CSS `overflow`; it changes how a scroll container's items are measured.
public enum Overflow: Sendable, Hashable {
    case visible, hidden, scroll
}

/// CSS `box-sizing`: whether a size includes padding and border.
public enum BoxSizing: Sendable, Hashable {
    case borderBox, contentBox
}
