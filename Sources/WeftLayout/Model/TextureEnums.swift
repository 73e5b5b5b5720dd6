// Texture's layout-spec enums (ASStackLayoutDefines.h, ASCenterLayoutSpec.h, ...).

/// ASStackLayoutDirection.
public enum StackDirection: Sendable, Hashable {
    case vertical, horizontal, verticalReverse, horizontalReverse

    /// Whether the stack axis is vertical.
    public var isVertical: Bool { self == .vertical || self == .verticalReverse }
    /// Whether children run against the axis's usual direction.
    public var isReverse: Bool { self == .verticalReverse || self == .horizontalReverse }
}

/// ASStackLayoutJustifyContent.
public enum StackJustifyContent: Sendable, Hashable {
    case start, center, end, spaceBetween, spaceAround
}

/// ASStackLayoutAlignItems.
public enum StackAlignItems: Sendable, Hashable {
    case start, end, center, stretch, baselineFirst, baselineLast
}

/// ASStackLayoutFlexWrap.
public enum StackWrap: Sendable, Hashable {
    case noWrap, wrap
}

/// ASStackLayoutAlignContent.
public enum StackAlignContent: Sendable, Hashable {
    case start, center, end, spaceBetween, spaceAround, stretch
}

/// ASHorizontalAlignment.
public enum HorizontalAlignment: Sendable, Hashable {
    case none, left, middle, right
}

/// ASVerticalAlignment.
public enum VerticalAlignment: Sendable, Hashable {
    case none, top, center, bottom
}

/// ASRelativeLayoutSpecPosition.
public enum RelativePosition: Sendable, Hashable {
    case none, start, center, end
}

/// ASRelativeLayoutSpecSizingOption / ASCenterLayoutSpecSizingOptions as a bit set.
public struct MinimumSizing: OptionSet, Sendable, Hashable {
    /// The bits: 1 width, 2 height.
    public let rawValue: UInt8
    /// The set of the given bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Take the child's width.
    public static let width = MinimumSizing(rawValue: 1)
    /// Take the child's height.
    public static let height = MinimumSizing(rawValue: 2)
}

/// ASAbsoluteLayoutSpecSizing.
public enum AbsoluteSizing: Sendable, Hashable {
    case `default`, sizeToFit
}

/// ASCornerLayoutLocation.
public enum CornerLocation: Sendable, Hashable {
    case topLeft, topRight, bottomLeft, bottomRight
}
