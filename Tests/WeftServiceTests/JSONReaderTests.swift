import Testing
import WeftCells
import WeftJSON

@testable import WeftService

@Suite("JSON reader")
struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try parseJSON(#" {"a": [1, -2.5, true, false, null, "s"], "b": {}} "#)
        #expect(value["a"] == .array([.number(1), .number(-2.5), .bool(true), .bool(false), .null, .string("s")]))
        #expect(value["b"] == .object([]))
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u0041\u00e9\u4E2D""#, "Aé中"),
        (#""\ud83d\ude00""#, "😀"),
        (#""a\u0000b""#, "a\u{0}b"),
        ("\"héllo 中文 😀\"", "héllo 中文 😀"),
        (#""plain""#, "plain"),
    ])
    func decodesStrings(json: String, expected: String) throws {
        #expect(try parseJSON(json) == .string(expected))
    }

    @Test func decodesEscapedKeys() throws {
        let value = try parseJSON(#"{"\u0074ype": 1}"#)
        #expect(value["type"] == .number(1))
    }

    @Test(arguments: [
        #""\ud83d""#,  // lone high surrogate
        #""\ude00""#,  // lone low surrogate
        #""\ud83d\u0041""#,  // high surrogate followed by a non-surrogate
        #""\x""#,  // unknown escape
        #""\u12g4""#,  // bad hex digit
        "\"a\tb\"",  // raw control character
        "\"abc",  // unterminated
    ])
    func refusesBadStrings(json: String) {
        let error = parseError(json)
        #expect(error?.problem == .malformedJSON)
    }

    @Test(arguments: [
        [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
        [0x22, 0xE4, 0xB8, 0x22],  // truncated sequence
        [0x22, 0x80, 0x22],  // lone continuation byte
        [0x22, 0xFF, 0x22],
    ] as [[UInt8]])
    func refusesInvalidUTF8(bytes: [UInt8]) {
        #expect(throws: RequestError.self) { try JSONValue.parse(bytes) }
    }

    @Test(arguments: [
        ("0", 0.0), ("1", 1), ("-17", -17), ("3.25", 3.25), ("1e3", 1000), ("1E+3", 1000), ("2.5e-3", 0.0025),
        ("100e-2", 1), ("1e-400", 0),
    ])
    func readsNumbers(json: String, expected: Double) throws {
        #expect(try parseJSON(json) == .number(expected))
    }

    /// The standard library's parser rounds correctly, so it is the oracle,
    /// bit for bit, including the cases the fast path hands over to it.
    @Test(arguments: [
        "-0", "0.1", "123456789012345678", "1.7976931348623157e308", "5e-324", "0.30000000000000004",
        "9007199254740993", "1234567890123456789012345", "0.000001234", "2.2250738585072011e-308",
        "4.9406564584124654e-324", "1e22", "1e23", "8.98846567431158e307", "0.1e1", "123.456e-7",
        "3.141592653589793238462643383279", "-1.5e-10", "1.00000000000000011102230246251565404236316680908203125",
    ])
    func readsNumbersExactly(json: String) throws {
        let value = try parseJSON(json)
        #expect(value.number?.bitPattern == Double(json)?.bitPattern)
    }

    @Test func overflowingNumbersReadAsInfinity() throws {
        #expect(try parseJSON("1e400") == .number(.infinity))
        #expect(try parseJSON("-1e400") == .number(-.infinity))
    }

    @Test(arguments: ["01", "1.", ".5", "-", "+1", "1e", "1e+", "0x10", "NaN", "Infinity", "1.5.2", "--1"])
    func refusesBadNumbers(json: String) {
        #expect(parseError(json)?.problem == .malformedJSON)
    }

    @Test(arguments: [
        "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{a:1}", "{'a':1}", "[1] // c", "/* c */ [1]", "",
        "   ", "[", "{\"a\":", "tru", "nul", "[1]]", "{}x", "\u{FEFF}[1]",
    ])
    func refusesMalformedDocuments(json: String) {
        #expect(parseError(json)?.problem == .malformedJSON)
    }

    @Test func reportsLineAndColumn() throws {
        let error = try #require(parseError("{\n  \"a\": 1,\n  \"b\": x\n}"))
        #expect(error.problem == .malformedJSON)
        #expect(error.location?.line == 3)
        #expect(error.location?.column == 8)
        #expect(error.location?.offset == 19)
    }

    /// A byte order mark is not JSON (RFC 8259 §8.1): the error says that is what it met.
    @Test func namesAByteOrderMark() throws {
        let error = try #require(nodeError("\u{FEFF}{\"root\": {\"type\": \"box\"}}"))
        #expect(error.problem == .malformedJSON)
        #expect(error.detail.contains("byte order mark"))
        #expect(error.location?.offset == 0)
        let later = try #require(parseError("[1, \u{FEFF}2]"))
        #expect(later.detail == "expected a value")
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let error = try #require(parseError("[\"é中\", ?]"))
        #expect(error.location?.line == 1)
        #expect(error.location?.column == 8)
    }

    @Test func refusesNestingBeyondTheLimit() throws {
        let ok = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(parseError(ok, maxDepth: 10) == nil)
        let deep = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        #expect(parseError(deep, maxDepth: 10)?.problem == .nestingTooDeep)
    }

    @Test func survivesVeryDeepInput() {
        let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let error = parseError(deep)
        #expect(error?.problem == .nestingTooDeep)
        #expect(error?.problem.status == 400)
        let objects = String(repeating: "{\"a\":", count: 20_000) + "1" + String(repeating: "}", count: 20_000)
        #expect(parseError(objects)?.problem == .nestingTooDeep)
    }

    @Test func skipsValuesStrictly() {
        #expect(nodeError(#"{"x-a": [1, {"b": [true, null, "c"]}], "root": {"type": "box"}}"#) == nil)
        #expect(nodeError(#"{"x-a": [1,], "root": {"type": "box"}}"#)?.problem == .malformedJSON)
    }
}

@Suite("JSON Pointer")
struct RequestPathTests {
    @Test func escapesTildeAndSlash() {
        let pointer = RequestPath([.key("a/b"), .key("m~n"), .index(3), .key("")])
        #expect(pointer.description == "/a~1b/m~0n/3/")
    }

    @Test func errorsBuildTheirPathWhileUnwinding() {
        let error = RequestError(.invalidValue, "x").at("width").at("style").at(2).at("children").at("root")
        #expect(error.path.description == "/root/children/2/style/width")
    }
}
