import WeftLayout

/// WeftLayout's text measurer, measuring as headless Chromium renders the CSS
/// of `conformance/text/README.md` on Linux: fontconfig, FreeType, HarfBuzz, ICU.
///
/// Safe to share between every layout thread; results are cached.
public struct WeftTextMeasurer: TextMeasuring {
    /// The measurements this measurer has made, by text, font, limits and options.
    public let cache: MeasurementCache

    /// A process normally uses `shared`, so all requests share one cache and one set of loaded fonts.
    public static let shared = WeftTextMeasurer()

    /// A measurer with its own cache (tests, benchmarks); the fonts are loaded once per process.
    public init(cache: MeasurementCache = MeasurementCache()) {
        self.cache = cache
    }

    /// Measures `content` in lines no wider than `maxWidth` and at most `maxHeight` tall, from the cache when it can.
    public func measure(_ content: TextContent, maxWidth: Double, maxHeight: Double) -> TextMeasurement {
        let key = MeasurementCache.Key(
            text: SanitizedText(content), maxWidth: Self.sanitizedLimit(maxWidth),
            maxHeight: Self.sanitizedLimit(maxHeight))
        if let cached = cache.value(for: key) { return cached }
        let measured = Self.measureUncached(key.text, maxWidth: key.maxWidth, maxHeight: key.maxHeight)
        cache.insert(measured, for: key)
        return measured
    }

    /// Limits beyond this (px) are treated as unbounded, which keeps fixed-point maths in range.
    static let unboundedLimit = 1e9

    /// NaN or huge means unbounded; negative means nothing fits (0).
    private static func sanitizedLimit(_ value: Double) -> Double {
        value.isNaN || value >= unboundedLimit ? .infinity : max(0, value)
    }

    static func measureUncached(_ text: SanitizedText, maxWidth: Double, maxHeight: Double) -> TextMeasurement {
        let layout = TextLayout(text, maxWidth: maxWidth)
        var shown = layout.lines.count
        if text.maxLines > 0 { shown = min(shown, text.maxLines) }
        // A finite height keeps the lines that fit in it, never fewer than one.
        if maxHeight.isFinite {
            var height = 0.0
            for (index, line) in layout.lines.prefix(shown).enumerated() {
                height += line.height
                if height > maxHeight, index > 0 {
                    shown = index
                    break
                }
            }
        }
        let lines = layout.lines.prefix(shown)
        guard let first = lines.first, let last = lines.last else {
            return TextMeasurement(size: .zero, lineCount: 0, truncated: text.wasCut, firstBaseline: 0, lastBaseline: 0)
        }
        let height = lines.reduce(0) { $0 + $1.height }
        let width = lines.reduce(0) { max($0, $1.width) }
        return TextMeasurement(
            size: Size(width: width, height: height), lineCount: lines.count,
            truncated: shown < layout.lines.count || text.wasCut, firstBaseline: first.baseline,
            lastBaseline: height - last.height + last.baseline)
    }
}
