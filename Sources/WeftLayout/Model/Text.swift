/// The `text` element's content and typography.
public struct TextContent: Sendable, Hashable {
    /// The characters to lay out; `\n` breaks a line.
    public var text: String
    /// Family, size, weight and style.
    public var font: FontDescriptor
    /// `nil`: the font's normal line height.
    public var lineHeight: Double?
    /// 0 = unlimited.
    public var maxLines: Int
    /// Where the text is cut when `maxLines` hides lines.
    public var truncation: Truncation
    /// Points added after every grapheme cluster (CSS `letter-spacing`).
    public var letterSpacing: Double
    /// `nil`: decided by where the text sits (`OverflowWrap.default(inFlex:)`).
    public var overflowWrap: OverflowWrap?

    /// A text with the wire format's defaults for whatever is not given.
    public init(
        text: String, font: FontDescriptor = FontDescriptor(), lineHeight: Double? = nil,
        maxLines: Int = 0, truncation: Truncation = .tail, letterSpacing: Double = 0,
        overflowWrap: OverflowWrap? = nil
    ) {
        self.text = text
        self.font = font
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncation = truncation
        self.letterSpacing = letterSpacing
        self.overflowWrap = overflowWrap
    }

    /// The wrapping rule in effect: the element's own, else its context's default.
    public func resolvedOverflowWrap(inFlex: Bool) -> OverflowWrap {
        overflowWrap ?? .default(inFlex: inFlex)
    }
}

/// The font a text asks for, as CSS names it; fontconfig resolves it to a face.
public struct FontDescriptor: Sendable, Hashable {
    /// A family name or a CSS generic family (`sans-serif`, `serif`, `monospace`, `system-ui`).
    public var family: String
    /// The font size in points (CSS pixels).
    public var size: Double
    /// CSS weight, 1...1000 (400 normal, 700 bold).
    public var weight: Int
    /// Whether the italic style is asked for.
    public var italic: Bool

    /// A font of `family` at `size` points, `weight` and style.
    public init(family: String = "sans-serif", size: Double = 16, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
    }
}

/// Which part of the last shown line is cut when `maxLines` hides lines (TextKit's line break modes).
public enum Truncation: Sendable, Hashable {
    case tail, head, middle, clip
}

/// What a line does with a word wider than itself (CSS `overflow-wrap`).
public enum OverflowWrap: Sendable, Hashable {
    /// The word overflows the line; lines break only at break opportunities.
    case normal
    /// The word breaks between grapheme clusters, and those breaks count for the
    /// text's min-content width.
    case anywhere
    /// The word breaks as with `anywhere`, but the text's min-content width is
    /// still its longest word, as with `normal`.
    case breakWord

    /// Whether a line breaks a word that does not fit it (rather than overflow).
    public var breaksLongWords: Bool { self != .normal }

    /// The rule whose breaks count for the min-content width.
    public var forMinContent: OverflowWrap { self == .breakWord ? .normal : self }

    /// Texture's text node wraps as TextKit does, breaking a word that does not
    /// fit a line: `anywhere`, the text suite's model. A text item of a `flex`
    /// element is a browser flex item with CSS initial values (Yoga's gentest
    /// pages set nothing): `normal`.
    public static func `default`(inFlex: Bool) -> OverflowWrap {
        inFlex ? .normal : .anywhere
    }
}

/// What a text measurer reports for one string in one width.
public struct TextMeasurement: Sendable, Hashable {
    /// The widest line by the sum of the line boxes.
    public var size: Size
    /// Lines shown.
    public var lineCount: Int
    /// Whether lines were cut by `maxLines`, the height, or the length limit.
    public var truncated: Bool
    /// Distance from the top to the first line's baseline.
    public var firstBaseline: Double
    /// Distance from the top to the last line's baseline.
    public var lastBaseline: Double

    /// A measurement with its baselines.
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
