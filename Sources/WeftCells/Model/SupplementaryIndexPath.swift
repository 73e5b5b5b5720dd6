/// A section's header or footer, as a range hint names it:
/// `{"section": 0, "kind": "header"}` on the wire.
public struct SupplementaryIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case header, footer
    }

    public var section: Int
    public var kind: Kind

    public init(section: Int, kind: Kind) {
        self.section = section
        self.kind = kind
    }

    public static func header(_ section: Int) -> SupplementaryIndexPath { .init(section: section, kind: .header) }
    public static func footer(_ section: Int) -> SupplementaryIndexPath { .init(section: section, kind: .footer) }

    public static func < (a: SupplementaryIndexPath, b: SupplementaryIndexPath) -> Bool {
        (a.section, a.kind == .footer ? 1 : 0) < (b.section, b.kind == .footer ? 1 : 0)
    }

    public var description: String { "{\(section), \(kind.rawValue)}" }
}
