/// A cell's content key: the `key` an answer gives a cell and the `ref` a
/// later request sends back (`ContentKey` in the service makes and spells
/// it). Kept as its 96 bits rather than as its 18-character text, which
/// Swift stores on the heap: a key is made, kept and answered for every
/// cell of every nested container.
public struct CellContentKey: Hashable, Sendable {
    /// The first 64 bits.
    public var low: UInt64
    /// The last 32 bits.
    public var high: UInt32

    /// The key of these bits.
    @inlinable public init(low: UInt64, high: UInt32) {
        self.low = low
        self.high = high
    }

    /// By its first word: a key is a hash already.
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(low) }
}

/// The content keys of one section's cells.
public typealias SectionKeys = SectionSlots<CellContentKey>
