/// Within one pass an item is often sized several times under the same
/// constraints (flex base size, hypothetical size, final layout). Like
/// Yoga's layout cache, each node remembers its last full layout and a few
/// measurements keyed by (available size, sizing modes).
struct FlexMeasureCache: Sendable {
    struct Entry: Sendable {
        var available: Size
        var widthMode: SizingMode
        var heightMode: SizingMode
        var result: Size

        func matches(_ available: Size, _ widthMode: SizingMode, _ heightMode: SizingMode) -> Bool {
            self.widthMode == widthMode && self.heightMode == heightMode
                && Entry.same(self.available.width, available.width) && Entry.same(self.available.height, available.height)
        }

        /// Equal, or both undefined.
        static func same(_ a: Double, _ b: Double) -> Bool {
            a == b || (a.isNaN && b.isNaN) || abs(a - b) < 0.0001
        }
    }

    /// The constraints of the last full layout (children positioned).
    var layout: Entry?
    /// A small ring of measure-only results: a fixed-size tuple, so caching
    /// allocates nothing.
    private var slots: (Entry?, Entry?, Entry?, Entry?) = (nil, nil, nil, nil)
    private var next = 0

    func measurement(_ available: Size, _ widthMode: SizingMode, _ heightMode: SizingMode) -> Size? {
        if let e = layout, e.matches(available, widthMode, heightMode) { return e.result }
        if let e = slots.0, e.matches(available, widthMode, heightMode) { return e.result }
        if let e = slots.1, e.matches(available, widthMode, heightMode) { return e.result }
        if let e = slots.2, e.matches(available, widthMode, heightMode) { return e.result }
        if let e = slots.3, e.matches(available, widthMode, heightMode) { return e.result }
        return nil
    }

    mutating func storeMeasurement(_ entry: Entry) {
        switch next {
        case 0: slots.0 = entry
        case 1: slots.1 = entry
        case 2: slots.2 = entry
        default: slots.3 = entry
        }
        next = (next + 1) & 3
    }
}
