/// The `text` element's content and typography.
public struct TextContent: Sendable, Hashable {
    public var text: String
    public var font: FontDescriptor
    /// `nil`: the font's normal line height.
    public var lineHeight: Double?
    /// 0 = unlimited.
    public var maxLines: Int
    public var truncation: Truncation
    public var letterSpacing: Double

    public init(
        text: String, font: FontDescriptor = FontDescriptor(), lineHeight: Double? = nil,
        maxLines: Int = 0, truncation: Truncation = .tail, letterSpacing: Double = 0
    ) {
        self.text = text
        self.font = font
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncation = truncation
        self.letterSpacing = letterSpacing
    }
}

public struct FontDescriptor: Sendable, Hashable {
    public var family: String
    public var size: Double
    /// CSS weight, 1...1000 (400 normal, 700 bold).
    public var weight: Int
    public var italic: Bool

    public init(family: String = "sans-serif", size: Double = 16, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}

public enum Truncation: Sendable, Hashable {
    case tail, head, middle, clip
}

/// What a text measurer reports for one string in one width.
public struct TextMeasurement: Sendable, Hashable {
    public var size: Size
    public var lineCount: Int
    public var truncated: Bool
    /// Distance from the top to the first line's baseline.
    public var firstBaseline: Double
    /// Distance from the top to the last line's baseline.
    public var lastBaseline: Double

    public init(size: Size, lineCount: Int, truncated: Bool, firstBaseline: Double, lastBaseline: Double) {
        self.size = size
        self.lineCount = lineCount
        self.truncated = truncated
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
    }
}

/// Measures text. Implemented by WeftText with real font data; must be safe to
/// call from every layout thread at once.
public protocol TextMeasuring: Sendable {
    /// Lays `content` out in lines no wider than `maxWidth` (infinite: one line
    /// per hard break) and at most `maxHeight` tall (infinite: no limit).
    func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement
}
