/// One value per cell of a section, by slot: its header's, each item's and
/// its footer's (a nested container's content keys, say).
public struct SectionSlots<Value: Sendable>: Sendable {
    /// The header's value, if the section has a header.
    public var header: Value?
    /// Each item's value, in order.
    public var items: [Value?] = []
    /// The footer's value, if the section has a footer.
    public var footer: Value?

    /// No values yet.
    @inlinable public init() {}

    /// The value of the cell in `slot`; nil past the items. An item's
    /// value is set only within `items`. Inlinable, so that a caller in
    /// another module runs it specialized for its values.
    @inlinable public subscript(_ slot: CellSlot) -> Value? {
        get {
            switch slot {
            case .header: return header
            case .footer: return footer
            case .item(let i): return i < items.count ? items[i] : nil
            }
        }
        set {
            switch slot {
            case .header: header = newValue
            case .footer: footer = newValue
            case .item(let i): items[i] = newValue
            }
        }
    }
}
