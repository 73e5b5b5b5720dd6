import WeftLayout

/// Texture's `ASDisplayShouldFetchBatchForContext` (ASBatchFetching.mm), without
/// the optional batch-fetching delegate (a stateless service has none to
/// consult), so velocity plays no part.
public enum BatchFetching {
    /// What `ASDisplayShouldFetchBatchForContext` reads.
    public struct Input: Sendable, Hashable {
        /// The batch context is `fetching`.
        public var isFetching: Bool
        /// The direction of travel, as the scroll view reports it.
        public var direction: ScrollDirection
        /// The container's scrollable axes.
        public var scrollable: ScrollDirection
        /// The viewport's size.
        public var bounds: Size
        /// The laid-out content's size.
        public var contentSize: Size
        /// The content offset.
        public var offset: Point
        /// `leadingScreensForBatching`.
        public var leadingScreens: Double
        /// Whether the container is on screen; an invisible one never fetches.
        public var visible: Bool
        /// Whether the layout direction is right-to-left.
        public var rightToLeft: Bool
        /// The layout flips horizontally in the opposite layout direction.
        public var flipsHorizontally: Bool

        /// The decision's inputs.
        public init(
            isFetching: Bool = false, direction: ScrollDirection, scrollable: ScrollDirection, bounds: Size,
            contentSize: Size, offset: Point, leadingScreens: Double, visible: Bool = true, rightToLeft: Bool = false,
            flipsHorizontally: Bool = false
        ) {
            self.isFetching = isFetching
            self.direction = direction
            self.scrollable = scrollable
            self.bounds = bounds
            self.contentSize = contentSize
            self.offset = offset
            self.leadingScreens = leadingScreens
            self.visible = visible
            self.rightToLeft = rightToLeft
            self.flipsHorizontally = flipsHorizontally
        }
    }

    /// Texture's decision: whether the client should fetch the next batch now.
    public static func shouldFetch(_ input: Input) -> Bool {
        if input.isFetching { return false }
        guard input.leadingScreens > 0, input.bounds.width != 0, input.bounds.height != 0 else { return false }
        let axis = Axis(input)
        // Short content always fetches, before visibility and direction are looked at.
        if axis.contentLength < axis.viewLength { return true }
        if !input.visible { return false }
        let towardHead = input.direction.contains(.up)
            || (input.rightToLeft ? input.direction.contains(.right) : input.direction.contains(.left))
        if towardHead { return false }
        return axis.remaining(input) <= axis.viewLength * input.leadingScreens
    }

    /// The offset along the decision's axis where the distance test turns
    /// true: `remaining <= viewLength x leadingScreens` solved for the offset.
    /// Nil when no offset can make the decision true.
    public static func triggerOffset(_ input: Input) -> Double? {
        guard input.leadingScreens > 0, input.bounds.width != 0, input.bounds.height != 0 else { return nil }
        let axis = Axis(input)
        let trigger = axis.viewLength * input.leadingScreens
        if axis.countsFromOffsetZero(input) { return trigger }
        return axis.contentLength - axis.viewLength - trigger
    }

    /// The axis the decision reads: vertical wins when both scroll, and a
    /// container with no scrollable direction reads the horizontal one.
    private struct Axis {
        let viewLength: Double
        let offset: Double
        let contentLength: Double

        init(_ input: Input) {
            if input.scrollable.hasVertical {
                (viewLength, offset, contentLength) = (input.bounds.height, input.offset.y, input.contentSize.height)
            } else {
                (viewLength, offset, contentLength) = (input.bounds.width, input.offset.x, input.contentSize.width)
            }
        }

        /// In right-to-left, a horizontal layout that does not flip has its
        /// end at offset 0.
        func countsFromOffsetZero(_ input: Input) -> Bool {
            !input.flipsHorizontally && input.rightToLeft && input.scrollable.hasHorizontal
        }

        func remaining(_ input: Input) -> Double {
            countsFromOffsetZero(input) ? offset : contentLength - viewLength - offset
        }
    }
}
