/// The open elements of an `ElementDecoder`, in a buffer that never moves
/// them while they are in use: the decoder works on each through a pointer,
/// because a frame is several hundred bytes and copying it in and out of an
/// array dominated decoding. Frames are reused across elements
/// and trees, so a decoder allocates them once per depth it reaches.
final class FrameStack {
    private var base: UnsafeMutablePointer<ElementDecoder.Frame>
    private var capacity: Int
    /// Frames `0..<initialized` hold values (possibly stale ones, reset on reuse).
    private var initialized = 0

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
    /// A reused frame is reset in place, only where its last element wrote:
    /// building a whole new frame and assigning it cost more than reading
    /// most elements.
    func fresh(at depth: Int, slot: ChildSlot) -> UnsafeMutablePointer<ElementDecoder.Frame> {
        if depth < initialized {
            let frame = base + depth
            frame.pointee.slot = slot
            frame.pointee.field = nil
            frame.pointee.fields.resetAfterUse()
        } else {
            if depth >= capacity { grow() }
            (base + depth).initialize(to: ElementDecoder.Frame(slot: slot))
            initialized = depth + 1
        }
        return base + depth
    }

    /// After an error, frames `0...depth` may hold anything: they are
    /// rebuilt whole (`fresh` relies on finished elements having been moved out).
    func clear(through depth: Int) {
        for level in 0..<Swift.min(depth + 1, initialized) {
            base[level] = ElementDecoder.Frame(slot: .root)
        }
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
