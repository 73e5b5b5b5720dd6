/// Texture's ASScrollDirection bit set (ASScrollDirection.h): right 1, left 2, up 4, down 8.
public struct ScrollDirection: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let right = ScrollDirection(rawValue: 1)
    public static let left = ScrollDirection(rawValue: 2)
    public static let up = ScrollDirection(rawValue: 4)
    public static let down = ScrollDirection(rawValue: 8)

    public static let horizontal: ScrollDirection = [.left, .right]
    public static let vertical: ScrollDirection = [.up, .down]
    /// What Texture's range controller starts from and falls back to when the
    /// content is not moving (ASRangeController.mm).
    public static let initial: ScrollDirection = [.down, .right]

    public var hasHorizontal: Bool { !intersection(.horizontal).isEmpty }
    public var hasVertical: Bool { !intersection(.vertical).isEmpty }

    /// The wire format's `scrolling` tokens: `none`, `up`, `down`, `left`, `right`, or
    /// two joined by `-` (`down-right`). Nil for anything else.
    public init?(token: String) {
        if token == "none" {
            self = []
            return
        }
        var result: ScrollDirection = []
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        for part in parts {
            switch part {
            case "up": result.insert(.up)
            case "down": result.insert(.down)
            case "left": result.insert(.left)
            case "right": result.insert(.right)
            default: return nil
            }
        }
        self = result
    }
}
