/// Texture's ASScrollDirection bit set (ASScrollDirection.h): right 1, left 2, up 4, down 8.
public struct ScrollDirection: OptionSet, Sendable, Hashable {
    /// The bits, as ASScrollDirection's.
    public let rawValue: UInt8
    /// The directions of the given bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Moving toward the right of the content.
    public static let right = ScrollDirection(rawValue: 1)
    /// Moving toward the left of the content.
    public static let left = ScrollDirection(rawValue: 2)
    /// Moving toward the top of the content.
    public static let up = ScrollDirection(rawValue: 4)
    /// Moving toward the bottom of the content (later rows).
    public static let down = ScrollDirection(rawValue: 8)

    /// Both horizontal directions: a horizontally scrollable axis.
    public static let horizontal: ScrollDirection = [.left, .right]
    /// Both vertical directions: a vertically scrollable axis.
    public static let vertical: ScrollDirection = [.up, .down]
    /// What Texture's range controller starts from and falls back to when the
    /// content is not moving (ASRangeController.mm).
    public static let initial: ScrollDirection = [.down, .right]

    /// Whether a horizontal bit is set.
    public var hasHorizontal: Bool { !intersection(.horizontal).isEmpty }
    /// Whether a vertical bit is set.
    public var hasVertical: Bool { !intersection(.vertical).isEmpty }

    /// The wire format's `scrolling` tokens: `none`, `up`, `down`, `left`, `right`, or
    /// a vertical one and a horizontal one joined by `-` (`down-right`). Nil for
    /// anything else: `up-down` names no direction a scroll view moves in.
    public init?(token: String) {
        if token == "none" {
            self = []
            return
        }
        func direction(_ part: Substring) -> ScrollDirection? {
            switch part {
            case "up": return .up
            case "down": return .down
            case "left": return .left
            case "right": return .right
            default: return nil
            }
        }
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let one = direction(parts[0]) else { return nil }
            self = one
        case 2:
            guard let vertical = direction(parts[0]), let horizontal = direction(parts[1]),
                vertical.isSubset(of: .vertical), horizontal.isSubset(of: .horizontal)
            else { return nil }
            self = vertical.union(horizontal)
        default:
            return nil
        }
    }
}
