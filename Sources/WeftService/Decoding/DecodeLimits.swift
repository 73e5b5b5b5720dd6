/// The request limits, in one place (docs/api-notes.md, "Limits", explains them).
public struct DecodeLimits: Sendable, Hashable {
    /// JSON nesting (objects plus arrays). Deeper input is a 400 before any
    /// recursion happens, so a 20,000-deep body cannot exhaust the stack.
    public var maxJSONDepth: Int
    /// Elements nested inside each other. Layout and encoding recurse once
    /// per element level, so this bounds their stack use as well.
    public var maxElementDepth: Int
    /// Elements in one request (one node request, or all cells of a container
    /// request together). An element is about 100 bytes of model, up to
    /// about 1 KB when it sets every style property and edge (Style.swift
    /// boxes those), so this caps a request's memory near 200 MB whatever
    /// its bytes look like.
    public var maxElements: Int

    /// Distinct font families one tree names (a node request's, or a cell's
    /// with the containers nested in it): each new one is a font lookup.
    public static let maxFontFamilies = 64

    /// Limits, by default the service's.
    public init(maxJSONDepth: Int = 512, maxElementDepth: Int = 256, maxElements: Int = 200_000) {
        self.maxJSONDepth = maxJSONDepth
        self.maxElementDepth = maxElementDepth
        self.maxElements = maxElements
    }

    /// The limits `weft serve` applies.
    public static let standard = DecodeLimits()
}
