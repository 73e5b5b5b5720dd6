/// The open elements of an `ElementDecoder`, in a buffer that never moves
/// them while they are in use: the decoder works on each through a pointer,
/// because an element under construction is over 1 KB and copying it in and
/// out of an array dominated decoding. Frames are reused across elements
/// and trees, so a decoder allocates them once per depth it reaches.
final class FrameStack {
    private var base: UnsafeMutablePointer<ElementDecoder.Frame>
    private var capacity: Int
    /// Frames `0..<initialized` hold values (possibly stale ones, reset on reuse).
    private var initialized = 0
    private static let blank = ElementDecoder.Frame(slot: .root)

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: initialized)
        base.deallocate()
    }

    /// The frame at `depth` (0 is the root), reset for a new element at `slot`.
    /// The pointer stays valid until a deeper frame is requested.
    func fresh(at depth: Int, slot: ChildSlot) -> UnsafeMutablePointer<ElementDecoder.Frame> {
        if depth < initialized {
            // Destroy and re-create in place from a prepared blank: cheaper
            // than building a new frame (a Style initialises field by field)
            // and assigning it over the old one.
            (base + depth).deinitialize(count: 1)
            (base + depth).initialize(to: Self.blank)
            base[depth].slot = slot
        } else {
            if depth >= capacity { grow() }
            (base + depth).initialize(to: ElementDecoder.Frame(slot: slot))
            initialized = depth + 1
        }
        return base + depth
    }

    /// A frame already in use.
    func frame(at depth: Int) -> UnsafeMutablePointer<ElementDecoder.Frame> {
        base + depth
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<ElementDecoder.Frame>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: initialized)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
