/// Anything a range hint lists, in the order a section shows them: its
/// header, its items, its footer; sections in order.
public enum RangeElement: Hashable, Comparable, Sendable {
    /// An item, `[section, item]` on the wire.
    case item(IndexPath)
    /// A header or footer, `{section, kind}` on the wire.
    case supplementary(SupplementaryIndexPath)

    private var sortKey: (Int, Int, Int) {
        switch self {
        case .item(let p): return (p.section, 1, p.item)
        case .supplementary(let s): return (s.section, s.kind == .header ? 0 : 2, 0)
        }
    }

    /// The order a section shows them in.
    public static func < (a: RangeElement, b: RangeElement) -> Bool { a.sortKey < b.sortKey }
}
