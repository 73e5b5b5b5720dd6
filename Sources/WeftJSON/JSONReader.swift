import WeftCells
import WeftHTTP

/// A strict RFC 8259 pull reader over a byte buffer.
///
/// The caller drives it: it asks for an object, a key, a number, ... and the
/// reader checks the grammar as it goes, so no intermediate tree is built and
/// a decoder can go straight from bytes into its own model. It never recurses
/// on its own except in `skipValue`, which is bounded by `maxDepth`.
///
/// Objects: `if try r.objectStart() { repeat { let k = try r.key(); ...value... } while try r.objectNext() }`
/// Arrays:  `if try r.arrayStart() { repeat { ...value... } while try r.arrayNext() }`
///
/// The buffer must outlive the reader: create it inside `withUnsafeBufferPointer`.
public struct JSONReader {
    /// JSON nesting (objects plus arrays) deeper than this is refused.
    public static let defaultMaxDepth = 512

    /// The whole body.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte.
    public var offset: Int = 0
    /// The number of objects and arrays currently open.
    public var depth: Int = 0
    /// The deepest nesting this reader accepts.
    public let maxDepth: Int
    /// Set by a reader of a request's body: long reads stop at their next
    /// `checkpoint` once the request is cancelled.
    package var cancellation: CancellationFlag?
    /// The offset from which `checkpoint` next asks `cancellation`.
    package var nextCancellationCheck = 0

    /// A reader at the start of `bytes`.
    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: - Bytes

    /// The byte at `i`, or 0 past the end: 0 is never valid where a structural
    /// byte is expected, so the end needs no separate check in hot loops.
    @inline(__always)
    @inlinable public func byte(at i: Int) -> UInt8 {
        i < bytes.count ? bytes[i] : 0
    }

    /// Space, \n, \r and \t: the only whitespace JSON allows.
    @inline(__always)
    @inlinable public static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    /// Skips whitespace and returns the next byte (0 at the end) without consuming it.
    @inline(__always)
    @inlinable public mutating func peekByte() -> UInt8 {
        var i = offset
        while true {
            let b = byte(at: i)
            if Self.isWhitespace(b) {
                i += 1
                continue
            }
            offset = i
            return b
        }
    }

    // MARK: - Values

    /// What the next value is, without consuming it.
    @inline(__always)
    @inlinable public mutating func peekKind() throws(RequestError) -> JSONKind {
        let b = peekByte()
        switch b {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw noValue(b)
        }
    }

    /// The error where a value should start and `b` stands instead.
    @usableFromInline func noValue(_ b: UInt8) -> RequestError {
        if b == 0 { return syntaxError("unexpected end of input, expected a value") }
        if b == 0xEF && offset == 0 {
            return syntaxError("the body starts with a byte order mark (U+FEFF): send JSON without one (RFC 8259 §8.1)")
        }
        return syntaxError("expected a value")
    }

    /// Consumes `null` if it comes next.
    @inline(__always)
    @inlinable public mutating func consumeNull() throws(RequestError) -> Bool {
        guard peekByte() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    /// Reads the next value as `true` or `false`.
    @inlinable public mutating func readBool() throws(RequestError) -> Bool {
        switch peekByte() {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default:
            throw syntaxError("expected true or false")
        }
    }

    @inlinable mutating func expectLiteral(_ literal: StaticString) throws(RequestError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for k in 0..<count where byte(at: offset + k) != start[k] {
            offset += k
            throw syntaxError("invalid literal, expected \(literal)")
        }
        offset += count
    }

    // MARK: - Objects and arrays

    /// Consumes `{`; returns false (and consumes `}`) for an empty object.
    @inline(__always)
    @inlinable public mutating func objectStart() throws(RequestError) -> Bool {
        guard peekByte() == UInt8(ascii: "{") else { throw syntaxError("expected an object") }
        try open()
        if peekByte() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member's key and the `:` after it.
    @inline(__always)
    @inlinable public mutating func key() throws(RequestError) -> JSONKey {
        guard peekByte() == UInt8(ascii: "\"") else { throw syntaxError("expected a string key") }
        let key = try scanKey()
        guard peekByte() == UInt8(ascii: ":") else { throw syntaxError("expected ':' after a key") }
        offset += 1
        return key
    }

    /// After a member's value: true at `,` (another member follows), false at `}`.
    @inline(__always)
    @inlinable public mutating func objectNext() throws(RequestError) -> Bool {
        switch peekByte() {
        case UInt8(ascii: ","):
            offset += 1
            return true
        case UInt8(ascii: "}"):
            offset += 1
            depth -= 1
            return false
        default:
            throw syntaxError("expected ',' or '}' in an object")
        }
    }

    /// Consumes `[`; returns false (and consumes `]`) for an empty array.
    @inlinable public mutating func arrayStart() throws(RequestError) -> Bool {
        guard peekByte() == UInt8(ascii: "[") else { throw syntaxError("expected an array") }
        try open()
        if peekByte() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    /// After an element: true at `,`, false at `]`.
    @inline(__always)
    @inlinable public mutating func arrayNext() throws(RequestError) -> Bool {
        switch peekByte() {
        case UInt8(ascii: ","):
            offset += 1
            return true
        case UInt8(ascii: "]"):
            offset += 1
            depth -= 1
            return false
        default:
            throw syntaxError("expected ',' or ']' in an array")
        }
    }

    @inline(__always)
    @inlinable mutating func open() throws(RequestError) {
        depth += 1
        guard depth <= maxDepth else {
            throw RequestError(
                .nestingTooDeep, "JSON nesting deeper than \(maxDepth) levels",
                location: SourceLocation(offset: offset, in: bytes))
        }
        offset += 1
    }

    /// Checks that only whitespace follows the document.
    @inlinable public mutating func finish() throws(RequestError) {
        if peekByte() != 0 || offset < bytes.count {
            throw syntaxError("unexpected data after the JSON document")
        }
    }

    /// Steps over a value an earlier pass over these bytes read whole, to
    /// `end`, where that value ends.
    @inlinable public mutating func skipRead(to end: Int) {
        precondition(end >= offset && end <= bytes.count, "not a value's end")
        offset = end
    }

    /// This reader placed at `start`, `depth` levels in: to read again a
    /// value that was stepped over.
    @inlinable public func rewound(to start: Int, depth: Int) -> JSONReader {
        var copy = self
        copy.offset = start
        copy.depth = depth
        return copy
    }

    /// Skips one value of any kind, checking its grammar.
    @inlinable public mutating func skipValue() throws(RequestError) {
        switch try peekKind() {
        case .object:
            if try objectStart() {
                repeat {
                    _ = try key()
                    try skipValue()
                } while try objectNext()
            }
        case .array:
            if try arrayStart() {
                repeat { try skipValue() } while try arrayNext()
            }
        case .string: try skipString()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: _ = try consumeNull()
        }
    }

    // MARK: - Errors

    /// Decoders stop at the first contract violation, possibly before the
    /// rest of the body was read; a body that is not JSON at all must still
    /// be a 400, so the whole document is checked again on that (rare) path.
    @inlinable public func preferSyntaxError(over error: RequestError) -> RequestError {
        guard error.location == nil else { return error }
        var checker = JSONReader(bytes, maxDepth: maxDepth)
        do throws(RequestError) {
            try checker.skipValue()
            try checker.finish()
        } catch let syntax {
            return syntax
        }
        return error
    }

    /// A 400 `malformed-json` error at `position` (default: here), with its line and column.
    @inlinable public func syntaxError(_ message: String, at position: Int? = nil) -> RequestError {
        let where_ = position ?? offset
        return RequestError(.malformedJSON, message, location: SourceLocation(offset: where_, in: bytes))
    }
}

/// The type of a JSON value, for error messages.
public enum JSONKind: Sendable, Hashable, CustomStringConvertible {
    case object, array, string, number, bool, null

    /// "an object", "a number", ...: as an error message names the type.
    @inlinable public var description: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

extension JSONReader {
    /// Runs `body` with a reader over `bytes`.
    @inlinable public static func read<T>(
        _ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth,
        _ body: (inout JSONReader) throws(RequestError) -> T
    ) throws(RequestError) -> T {
        let result: Result<T, RequestError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maxDepth: maxDepth)
            do throws(RequestError) {
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
