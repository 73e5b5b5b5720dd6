/// Header fields in arrival order. Names are stored lowercased: field names
/// are case-insensitive (RFC 9110 §5.1), so lookups compare them directly.
public struct HTTPHeaders: Sendable, Sequence {
    /// The fields in arrival order, names lowercased.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// The given fields, names lowercased.
    public init(_ fields: [(name: String, value: String)]) {
        for field in fields { add(field.name, field.value) }
    }

    /// Appends a field (another line if the name is there already).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((Self.lowercased(name), value))
    }

    /// For the parser, which lowercases names while it still has their bytes.
    mutating func add(lowercasedName name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Room for a typical request's fields at once, instead of regrowing at 1, 2, 4 and 8.
    mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// How many lines `name` has, without collecting their values.
    func count(_ name: String) -> Int {
        let lowered = Self.lowercased(name)
        return fields.reduce(0) { $0 + ($1.name == lowered ? 1 : 0) }
    }

    /// Replaces every line of `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every line of `name`.
    public mutating func remove(_ name: String) {
        let lowered = Self.lowercased(name)
        fields.removeAll { $0.name == lowered }
    }

    /// Adds `token` to the one `Vary` line, which caches read as a set: a second
    /// line, or the same token twice, is a defect some clients refuse.
    public mutating func addVary(_ token: String) {
        let existing = listElements("vary")
        if existing.contains(where: { $0.lowercased() == token }) { return }
        set("vary", (existing + [token]).joined(separator: ", "))
    }

    /// The request's `Origin`, when it has exactly one: RFC 6454 §7 gives a
    /// request one origin, so two lines name none that may be trusted.
    var origin: String? {
        count("origin") == 1 ? self["origin"] : nil
    }

    /// The first line's value of `name`, or nil.
    public subscript(name: String) -> String? {
        let lowered = Self.lowercased(name)
        return fields.first { $0.name == lowered }?.value
    }

    /// Every line's value of `name`, in order.
    public func values(_ name: String) -> [String] {
        let lowered = Self.lowercased(name)
        return fields.filter { $0.name == lowered }.map(\.value)
    }

    /// Every comma-separated element of every line of `name`, trimmed, as lists combine (RFC 9110 §5.3).
    public func listElements(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { trimmedWhitespace($0) }
            .filter { !$0.isEmpty }
    }

    /// Names are nearly always lowercase already (HTTP/2 made it the norm); skip the copy then.
    /// Every lookup comes through here, several per request, so the check reads the
    /// bytes directly: iterating `utf8` one index at a time is measurably slower.
    private static func lowercased(_ name: String) -> String {
        let hasUppercase = name.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 &- 0x41 < 26 }
        } ?? name.utf8.contains { $0 &- 0x41 < 26 }
        return hasUppercase ? name.lowercased() : name
    }

    /// The fields in arrival order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}

func trimmedWhitespace<S: StringProtocol>(_ text: S) -> String {
    var bytes = Substring(text).utf8[...]
    while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    return String(Substring(bytes))
}
