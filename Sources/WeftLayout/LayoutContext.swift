/// What every element of one layout call shares.
public struct LayoutContext: Sendable {
    /// Pixels per point; 0 rounds nothing.
    public var pointScale: Double
    /// The direction given to flex subtrees (Yoga's `calculateLayout` direction).
    public var direction: LayoutDirection
    public var textMeasurer: (any TextMeasuring)?

    public init(pointScale: Double = 0, direction: LayoutDirection = .ltr, textMeasurer: (any TextMeasuring)? = nil) {
        self.pointScale = pointScale
        self.direction = direction
        self.textMeasurer = textMeasurer
    }
}
