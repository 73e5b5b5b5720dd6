/// A section's header or footer, as a range hint names it:
/// `{"section": 0, "kind": "header"}` on the wire.
public struct SupplementaryIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// UICollectionElementKindSectionHeader or ...Footer.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Drawn before the section's items.
        case header
        /// Drawn after the section's items.
        case footer
    }

    /// The section the view belongs to.
    public var section: Int
    /// Which of the section's views.
    public var kind: Kind

    /// The `kind` view of `section`.
    public init(section: Int, kind: Kind) {
        self.section = section
        self.kind = kind
    }

    /// The header of `section`.
    public static func header(_ section: Int) -> SupplementaryIndexPath { .init(section: section, kind: .header) }
    /// The footer of `section`.
    public static func footer(_ section: Int) -> SupplementaryIndexPath { .init(section: section, kind: .footer) }

    /// Section order; a section's header before its footer.
    public static func < (a: SupplementaryIndexPath, b: SupplementaryIndexPath) -> Bool {
        (a.section, a.kind == .footer ? 1 : 0) < (b.section, b.kind == .footer ? 1 : 0)
    }

    /// `{section, kind}`, for test output.
    public var description: String { "{\(section), \(kind.rawValue)}" }
}
