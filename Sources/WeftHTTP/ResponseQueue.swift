/// Responses in request order. Pipelined requests may finish out of order on
/// the worker pool, but are written in the order they arrived (RFC 9112 §9.3.2).
struct ResponseQueue {
    private enum Slot {
        case pending
        /// A streamed response's bytes so far; more will follow.
        case partial([UInt8])
        case ready([UInt8], closeAfter: Bool)
    }

    private var slots: [Slot] = []
    private var firstSequence: UInt64 = 0

    var count: Int { slots.count }
    /// Bytes of finished (or partly sent) responses still waiting their turn:
    /// with a client that does not read, these are what pile up.
    private(set) var heldBytes = 0
    var isEmpty: Bool { slots.isEmpty }

    /// Holds a place for a response still being made; fill it with `complete`.
    mutating func reserve() -> UInt64 {
        slots.append(.pending)
        return firstSequence + UInt64(slots.count - 1)
    }

    mutating func append(_ bytes: [UInt8], closeAfter: Bool) {
        slots.append(.ready(bytes, closeAfter: closeAfter))
        heldBytes += bytes.count
    }

    /// Ignores sequences already written or dropped, as after the connection chose to close.
    mutating func complete(_ sequence: UInt64, bytes: [UInt8], closeAfter: Bool) {
        guard sequence >= firstSequence, Int(sequence - firstSequence) < slots.count else { return }
        let i = Int(sequence - firstSequence)
        heldBytes += bytes.count
        if case .partial(let earlier) = slots[i] {
            slots[i] = .ready(earlier + bytes, closeAfter: closeAfter)
        } else {
            slots[i] = .ready(bytes, closeAfter: closeAfter)
        }
    }

    /// Whether the response at the head is still being made, none of it written.
    var headIsUnstarted: Bool {
        if case .pending? = slots.first { return true }
        return false
    }

    /// Answers the head's request with `bytes` in place of the response still
    /// being made, and closes after it: the late response is then dropped.
    mutating func answerHead(_ bytes: [UInt8]) {
        complete(firstSequence, bytes: bytes, closeAfter: true)
    }

    /// Part of a streamed response: written once every response before it is.
    mutating func appendPartial(_ sequence: UInt64, bytes: [UInt8]) {
        guard sequence >= firstSequence, Int(sequence - firstSequence) < slots.count else { return }
        let i = Int(sequence - firstSequence)
        switch slots[i] {
        case .pending: slots[i] = .partial(bytes)
        case .partial(let earlier): slots[i] = .partial(earlier + bytes)
        case .ready: return
        }
        heldBytes += bytes.count
    }

    /// Moves the ready responses at the head into `output`. Returns true when one
    /// of them closes the connection; whatever was queued behind it is dropped.
    mutating func takeReady(into output: inout [UInt8]) -> Bool {
        while let first = slots.first, case .ready(let bytes, let closeAfter) = first {
            if output.isEmpty { output = bytes } else { output.append(contentsOf: bytes) }
            heldBytes -= bytes.count
            slots.removeFirst()
            firstSequence += 1
            if closeAfter {
                firstSequence += UInt64(slots.count)
                slots.removeAll()
                heldBytes = 0
                return true
            }
        }
        // A stream at the head: send what it has so far, keep its place for the rest.
        if let first = slots.first, case .partial(let more) = first {
            output.append(contentsOf: more)
            heldBytes -= more.count
            slots[0] = .partial([])
        }
        return false
    }
}
