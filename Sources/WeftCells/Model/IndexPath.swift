/// An item's place in its container: `[section, item]` on the wire.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }

    public var description: String { "[\(section), \(item)]" }
}
