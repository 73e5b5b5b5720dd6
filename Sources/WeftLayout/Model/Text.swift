/// The `text` element's content and typography.
public struct TextContent: Sendable, Hashable {
    /// The longest text laid out, in UTF-8 bytes (a `spans` text counts all its spans).
    public static let maxTextBytes = 1 << 20
    /// The tallest `lineHeight`: beyond it, line maths would lose the 1/64 point
    /// a line height is kept in.
    public static let maxLineHeight = 1_000_000.0

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
    /// The styled runs `text` is made of (ASTextNode's attributed string), each
    /// with the element's font and letter-spacing already inherited; empty when
    /// the whole text is in `font` and `letterSpacing`.
    public var spans: [TextSpan]
    /// What the last shown line of a truncated text ends in (`tail`), starts
    /// with (`head`) or holds in its middle (`middle`); nil is "…" in the
    /// element's own style.
    public var truncationText: [TextSpan]?
    /// How lines sit inside the text's width; `.natural` by default.
    public var alignment: TextAlignment
    /// The paragraph direction; `.auto` by default.
    public var baseDirection: BaseDirection
    /// The output node lists its line boxes.
    public var reportsLines: Bool

    /// A text with the wire format's defaults for whatever is not given.
    public init(
        text: String, font: FontDescriptor = FontDescriptor(), lineHeight: Double? = nil,
        maxLines: Int = 0, truncation: Truncation = .tail, letterSpacing: Double = 0,
        overflowWrap: OverflowWrap? = nil, spans: [TextSpan] = [], truncationText: [TextSpan]? = nil,
        alignment: TextAlignment = .natural, baseDirection: BaseDirection = .auto, reportsLines: Bool = false
    ) {
        self.text = text
        self.font = font
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.truncation = truncation
        self.letterSpacing = letterSpacing
        self.overflowWrap = overflowWrap
        self.spans = spans
        self.truncationText = truncationText
        self.alignment = alignment
        self.baseDirection = baseDirection
        self.reportsLines = reportsLines
    }

    /// A text made of styled spans: `text` is their concatenation.
    public init(
        spans: [TextSpan], font: FontDescriptor = FontDescriptor(), lineHeight: Double? = nil,
        letterSpacing: Double = 0
    ) {
        self.init(
            text: spans.map(\.text).joined(), font: font, lineHeight: lineHeight, letterSpacing: letterSpacing,
            spans: spans)
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

/// One styled run of a text, its style fully resolved (inherited from the element where the span set none).
public struct TextSpan: Sendable, Hashable {
    /// The run's characters.
    public var text: String
    /// The run's font.
    public var font: FontDescriptor
    /// Points added after every grapheme cluster of the run.
    public var letterSpacing: Double
    /// Carried for clients (a tappable range); it does not change the layout.
    public var link: String?

    /// A run of `text` in `font`, with `letterSpacing` points between clusters.
    public init(text: String, font: FontDescriptor = FontDescriptor(), letterSpacing: Double = 0, link: String? = nil) {
        self.text = text
        self.font = font
        self.letterSpacing = letterSpacing
        self.link = link
    }
}

/// Where lines sit inside the text's frame (NSTextAlignment, CSS `text-align`).
public enum TextAlignment: Sendable, Hashable {
    /// Start of the base direction: left for LTR, right for RTL.
    case natural, left, right, center
    /// Every line but a paragraph's last fills the width.
    case justified
}

/// The paragraph direction (CSS `direction`; `auto` is `dir=auto`).
public enum BaseDirection: Sendable, Hashable {
    /// From the first strong character (UAX #9 rules P2-P3); LTR without one.
    case auto, ltr, rtl
}

/// One line box of a laid-out text.
public struct TextLine: Sendable, Hashable {
    /// In the text node's coordinates.
    public var frame: Frame
    /// From the node's top to the line's baseline.
    public var baseline: Double
    /// The line's UTF-16 range in `TextContent.text`.
    public var start: Int
    /// Where that range ends, exclusive: the line is `start..<end`.
    public var end: Int

    /// A line box at `frame`, its baseline `baseline` points below the node's
    /// top, holding UTF-16 offsets `start..<end`.
    public init(frame: Frame, baseline: Double, start: Int, end: Int) {
        self.frame = frame
        self.baseline = baseline
        self.start = start
        self.end = end
    }
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
    /// The shown lines, each at x = 0 with its own width (placed by alignment later).
    public var lines: [TextLine]
    /// For a truncated text: the characters shown, truncation token included.
    public var visibleText: String?
    /// The paragraph direction `baseDirection: auto` resolved to.
    public var isRightToLeft: Bool

    /// A measurement with its baselines, and its line boxes when it has them.
    public init(
        size: Size, lineCount: Int, truncated: Bool, firstBaseline: Double, lastBaseline: Double,
        lines: [TextLine] = [], visibleText: String? = nil, isRightToLeft: Bool = false
    ) {
        self.size = size
        self.lineCount = lineCount
        self.truncated = truncated
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.lines = lines
        self.visibleText = visibleText
        self.isRightToLeft = isRightToLeft
    }
}

/// Measures text. Implemented by WeftText with real font data; must be safe to
/// call from every layout thread at once.
public protocol TextMeasuring: Sendable {
    /// Lays `content` out in lines no wider than `maxWidth` (infinite: one line
    /// per hard break) and at most `maxHeight` tall (infinite: no limit).
    func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement
}
