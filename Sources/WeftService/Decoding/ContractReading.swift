import WeftJSON
import WeftLayout

/// Reading typed values under the contract's rules: a value of the wrong JSON
/// type or out of range is a 422 (the JSON itself is fine); the caller adds
/// the path while the error unwinds.
extension JSONReader {
    func wrongType(_ expected: String, got kind: JSONKind) -> RequestError {
        RequestError(.invalidType, "expected \(expected), got \(kind)")
    }

    /// A finite number.
    @inline(__always)
    package mutating func contractNumber() throws(RequestError) -> Double {
        let kind = try peekKind()
        guard kind == .number else { throw wrongType("a number", got: kind) }
        let value = try readNumber()
        guard value.isFinite else { throw RequestError(.invalidValue, "the number is out of range") }
        return value
    }

    /// A finite number >= 0.
    @inline(__always)
    package mutating func contractLength() throws(RequestError) -> Double {
        let value = try contractNumber()
        guard value >= 0 else { throw RequestError(.invalidValue, "must not be negative, got \(value)") }
        return value
    }

    /// A whole number in `range`.
    package mutating func contractInteger(in range: ClosedRange<Int>) throws(RequestError) -> Int {
        let value = try contractNumber()
        guard value == value.rounded(.towardZero), value >= Double(range.lowerBound),
            value <= Double(range.upperBound)
        else {
            throw RequestError(.invalidValue, "expected a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(value)
    }

    /// Reads a string the contract requires; another type is a 422 `invalid-type`.
    package mutating func contractString() throws(RequestError) -> String {
        let kind = try peekKind()
        guard kind == .string else { throw wrongType("a string", got: kind) }
        return try readString()
    }

    /// Reads a boolean the contract requires; another type is a 422 `invalid-type`.
    package mutating func contractBool() throws(RequestError) -> Bool {
        let kind = try peekKind()
        guard kind == .bool else { throw wrongType("true or false", got: kind) }
        return try readBool()
    }

    /// Consumes `{` of an object the contract requires.
    @inline(__always)
    package mutating func contractObjectStart() throws(RequestError) -> Bool {
        let kind = try peekKind()
        guard kind == .object else { throw wrongType("an object", got: kind) }
        return try objectStart()
    }

    /// Consumes `[` of an array the contract requires.
    @inline(__always)
    package mutating func contractArrayStart() throws(RequestError) -> Bool {
        let kind = try peekKind()
        guard kind == .array else { throw wrongType("an array", got: kind) }
        return try arrayStart()
    }

    /// An enum token from `table`; anything else names the accepted tokens.
    package mutating func contractToken<T>(_ table: KeyTable<T>) throws(RequestError) -> T {
        let kind = try peekKind()
        guard kind == .string else { throw wrongType("one of \(table.namesList)", got: kind) }
        let key = try scanKey()
        if let value = table.lookup(key) { return value }
        throw RequestError(.unknownToken, "unknown token \"\(key.string.excerpt)\"; expected one of \(table.namesList)")
    }

    /// Skips the value of an `x-` key; any other unknown key is a 422.
    package mutating func skipExtension(_ key: JSONKey, context: String) throws(RequestError) {
        guard key.isExtension else {
            throw RequestError(
                .unknownKey, "unknown key \"\(key.string.excerpt)\" in \(context) (client keys must start with \"x-\")"
            ).at(key.string)
        }
        try skipValue()
    }
}
