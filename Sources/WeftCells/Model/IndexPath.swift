/// An item's place in its container: `[section, item]` on the wire.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The item within its section, from 0.
    public var item: Int

    /// The path of `item` in `section`.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Index-path order: by section, then by item.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    /// `[section, item]`, as on the wire.
    public var description: String { "[\(section), \(item)]" }
}
