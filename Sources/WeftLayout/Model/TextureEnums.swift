// Texture's layout-spec enums (ASStackLayoutDefines.h, ASCenterLayoutSpec.h, ...).

public enum StackDirection: Sendable, Hashable {
    case vertical, horizontal, verticalReverse, horizontalReverse

    public var isVertical: Bool { self == .vertical || self == .verticalReverse }
    public var isReverse: Bool { self == .verticalReverse || self == .horizontalReverse }
}

public enum StackJustifyContent: Sendable, Hashable {
    case start, center, end, spaceBetween, spaceAround
}

public enum StackAlignItems: Sendable, Hashable {
    case start, end, center, stretch, baselineFirst, baselineLast
}

public enum StackWrap: Sendable, Hashable {
    case noWrap, wrap
}

public enum StackAlignContent: Sendable, Hashable {
    case start, center, end, spaceBetween, spaceAround, stretch
}

public enum HorizontalAlignment: Sendable, Hashable {
    case none, left, middle, right
}

public enum VerticalAlignment: Sendable, Hashable {
    case none, top, center, bottom
}

/// ASRelativeLayoutSpecPosition.
public enum RelativePosition: Sendable, Hashable {
    case none, start, center, end
}

/// ASRelativeLayoutSpecSizingOption / ASCenterLayoutSpecSizingOptions as a bit set.
public struct MinimumSizing: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let width = MinimumSizing(rawValue: 1)
    public static let height = MinimumSizing(rawValue: 2)
}

public enum AbsoluteSizing: Sendable, Hashable {
    case `default`, sizeToFit
}

public enum CornerLocation: Sendable, Hashable {
    case topLeft, topRight, bottomLeft, bottomRight
}
