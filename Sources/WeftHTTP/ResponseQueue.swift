/// Responses in request order. Pipelined requests may finish out of order on
/// the worker pool, but are written in the order they arrived (RFC 9112 §9.3.2).
struct ResponseQueue {
    private enum Slot {
        case pending
        case ready([UInt8], closeAfter: Bool)
    }

    private var slots: [Slot] = []
    private var firstSequence: UInt64 = 0

    var count: Int { slots.count }
    var isEmpty: Bool { slots.isEmpty }

    /// Holds a place for a response still being made; fill it with `complete`.
    mutating func reserve() -> UInt64 {
        slots.append(.pending)
        return firstSequence + UInt64(slots.count - 1)
    }

    mutating func append(_ bytes: [UInt8], closeAfter: Bool) {
        slots.append(.ready(bytes, closeAfter: closeAfter))
    }

    /// Ignores sequences already written or dropped, as after the connection chose to close.
    mutating func complete(_ sequence: UInt64, bytes: [UInt8], closeAfter: Bool) {
        guard sequence >= firstSequence, Int(sequence - firstSequence) < slots.count else { return }
        slots[Int(sequence - firstSequence)] = .ready(bytes, closeAfter: closeAfter)
    }

    /// Moves the ready responses at the head into `output`. Returns true when one
    /// of them closes the connection; whatever was queued behind it is dropped.
    mutating func takeReady(into output: inout [UInt8]) -> Bool {
        while let first = slots.first, case .ready(let bytes, let closeAfter) = first {
            if output.isEmpty { output = bytes } else { output.append(contentsOf: bytes) }
            slots.removeFirst()
            firstSequence += 1
            if closeAfter {
                firstSequence += UInt64(slots.count)
                slots.removeAll()
                return true
            }
        }
        return false
    }
}
