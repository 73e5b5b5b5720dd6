/// What every element of one layout call shares.
public struct LayoutContext: Sendable {
    /// Pixels per point; 0 rounds nothing.
    public var pointScale: Double
    /// The direction given to flex subtrees (Yoga's `calculateLayout` direction).
    public var direction: LayoutDirection
    /// Measures `text` elements; without one, text measures as empty.
    public var textMeasurer: (any TextMeasuring)?

    /// A context for one layout call.
    public init(pointScale: Double = 0, direction: LayoutDirection = .ltr, textMeasurer: (any TextMeasuring)? = nil) {
        self.pointScale = pointScale
        self.direction = direction
        self.textMeasurer = textMeasurer
    }
}
