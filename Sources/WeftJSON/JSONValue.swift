/// A generic JSON document, for the few places that want a tree rather than
/// decoding straight into a model (tests, fixtures, tools). Object members
/// keep their order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member.
        @inlinable public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Parses a whole document, refusing trailing data and nesting deeper than `maxDepth`.
    @inlinable public static func parse(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) throws(RequestError) -> JSONValue {
        try JSONReader.read(bytes, maxDepth: maxDepth) { (r: inout JSONReader) throws(RequestError) in
            let value = try JSONValue.read(&r)
            try r.finish()
            return value
        }
    }

    /// Reads one value; recursion is bounded by the reader's depth limit.
    @inlinable public static func read(_ r: inout JSONReader) throws(RequestError) -> JSONValue {
        switch try r.peekKind() {
        case .null:
            _ = try r.consumeNull()
            return .null
        case .bool: return .bool(try r.readBool())
        case .number: return .number(try r.readNumber())
        case .string: return .string(try r.readString())
        case .array:
            var items: [JSONValue] = []
            if try r.arrayStart() {
                repeat { items.append(try read(&r)) } while try r.arrayNext()
            }
            return .array(items)
        case .object:
            var members: [Member] = []
            if try r.objectStart() {
                repeat {
                    let key = try r.key().string
                    members.append(Member(key, try read(&r)))
                } while try r.objectNext()
            }
            return .object(members)
        }
    }

    /// Writes the value, members in order.
    @inlinable public func write(to out: inout JSONWriter) {
        switch self {
        case .null: out.null()
        case .bool(let b): out.bool(b)
        case .number(let n): out.number(n)
        case .string(let s): out.string(s)
        case .array(let items):
            out.beginArray()
            for item in items { item.write(to: &out) }
            out.endArray()
        case .object(let members):
            out.beginObject()
            for member in members {
                out.dynamicKey(member.key)
                member.value.write(to: &out)
            }
            out.endObject()
        }
    }

    /// The value serialized.
    @inlinable public var bytes: [UInt8] {
        var out = JSONWriter()
        write(to: &out)
        return out.bytes
    }

    /// The first member named `key` of an object.
    @inlinable public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` of an array; nil out of range or for any other value.
    @inlinable public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The number, or nil for any other value.
    @inlinable public var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The string, or nil for any other value.
    @inlinable public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The boolean, or nil for any other value.
    @inlinable public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements, or nil for any other value.
    @inlinable public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The members in order, or nil for any other value.
    @inlinable public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
