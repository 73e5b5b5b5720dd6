/// Within one pass an item is often sized several times (flex base size,
/// hypothetical cross size, final layout). Like Yoga's layout cache, each
/// node remembers its last full layout and two measurements keyed by
/// (available size, sizing modes), and reuses one whenever the new request
/// is bound to give the same answer.
struct FlexMeasureCache: Sendable {
    struct Entry: Sendable {
        var available: Size
        var widthMode: SizingMode
        var heightMode: SizingMode
        var result: Size

        /// Whether this entry answers a request. `margins` are the node's
        /// margins per axis (the available size includes them, the result
        /// does not).
        func answers(_ available: Size, _ widthMode: SizingMode, _ heightMode: SizingMode, margins: Size) -> Bool {
            Entry.compatible(self.available.width, self.widthMode, result.width, available.width, widthMode, margins.width)
                && Entry.compatible(
                    self.available.height, self.heightMode, result.height, available.height, heightMode, margins.height)
        }

        /// One axis. Besides an identical request, an answer carries over
        /// when the request imposes exactly the size it produced (laying out
        /// at your own content size changes nothing), when a content-sized
        /// result fits in a new upper bound, or when a tighter upper bound
        /// still holds the result.
        static func compatible(
            _ lastSize: Double, _ lastMode: SizingMode, _ lastResult: Double,
            _ size: Double, _ mode: SizingMode, _ margin: Double
        ) -> Bool {
            if lastMode == mode && same(lastSize, size) { return true }
            let inner = size - margin
            switch mode {
            case .exactly:
                return same(inner, lastResult)
            case .atMost:
                if lastMode == .undefined { return inner >= lastResult || same(inner, lastResult) }
                if lastMode == .atMost { return lastSize > size && (lastResult <= inner || same(inner, lastResult)) }
                return false
            case .undefined:
                return false
            }
        }

        /// Equal, or both undefined.
        @inline(__always)
        static func same(_ a: Double, _ b: Double) -> Bool {
            a == b || (a.isNaN && b.isNaN) || abs(a - b) < 0.0001
        }
    }

    /// The constraints of the last full layout (children positioned).
    var layout: Entry?
    /// The last two measure-only results: a fixed-size tuple, so caching
    /// allocates nothing (two slots answer as often as four on real trees
    /// and keep nodes small).
    private var slots: (Entry?, Entry?) = (nil, nil)
    private var next = false

    /// `mutating` only so that a call through `nodes[n].cache` works in
    /// place instead of copying the cache out of the array first.
    mutating func measurement(_ available: Size, _ widthMode: SizingMode, _ heightMode: SizingMode, margins: Size) -> Size? {
        if let e = layout, e.answers(available, widthMode, heightMode, margins: margins) { return e.result }
        if let e = slots.0, e.answers(available, widthMode, heightMode, margins: margins) { return e.result }
        if let e = slots.1, e.answers(available, widthMode, heightMode, margins: margins) { return e.result }
        return nil
    }

    mutating func storeMeasurement(_ entry: Entry) {
        if next { slots.1 = entry } else { slots.0 = entry }
        next.toggle()
    }
}
