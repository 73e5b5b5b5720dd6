/// Texture's range modes (ASLayoutRangeType.h), minus `unspecified`, which only
/// means "no update yet" inside Texture.
public enum RangeMode: String, Sendable, Hashable, CaseIterable {
    case minimum, full, visibleOnly, lowMemory
}

/// Texture's range types: `display` renders contents, `preload` fetches data.
public enum RangeType: String, Sendable, Hashable, CaseIterable {
    case display, preload
}

/// How far a range reaches past the viewport, in viewport lengths along each
/// scrollable axis. "Leading" is the side the content is moving toward.
public struct TuningParameters: Sendable, Hashable {
    /// Viewport lengths ahead, in the direction of travel.
    public var leadingBufferScreenfuls: Double
    /// Viewport lengths behind.
    public var trailingBufferScreenfuls: Double

    /// Buffers of the given viewport lengths.
    public init(leading: Double, trailing: Double) {
        self.leadingBufferScreenfuls = leading
        self.trailingBufferScreenfuls = trailing
    }

    /// No buffer: the range is the viewport.
    public static let zero = TuningParameters(leading: 0, trailing: 0)
}

/// One `rangeTuning` entry: which mode's which range it overrides.
public struct RangeTuningKey: Sendable, Hashable {
    /// The range mode the override applies in.
    public var mode: RangeMode
    /// The range it overrides.
    public var type: RangeType

    /// The key of one override.
    public init(mode: RangeMode, type: RangeType) {
        self.mode = mode
        self.type = type
    }
}
