import Testing
import WeftJSON

@testable import WeftService

/// The bracket scan a memo lookup trusts: strings hide brackets and quotes,
/// wherever they fall in the eight-byte words the scan reads.
@Suite struct ObjectEndTests {
    func end(_ text: String, from start: Int = 0) -> Int? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            reader.offset = start
            return reader.objectEnd()
        }
    }

    @Test func findsTheMatchingBraceOutsideStrings() {
        let object = #"{"a":"}]{[","b":["\"}",{"c":"\\"}],"d":{}}"#
        for padding in 0..<9 {
            let text = String(repeating: " ", count: padding) + object + #",{"next":1}"#
            #expect(end(text, from: padding) == padding + object.utf8.count, "padding \(padding)")
        }
    }

    @Test func unfinishedInputHasNoEnd() {
        #expect(end(#"{"a":"}"#) == nil)
        #expect(end(#"{"a":{"b":1}"#) == nil)
        #expect(end(#"{"a":"\"#) == nil)
        #expect(end(#"[1]"#) == nil)
    }

    /// Generated objects (escapes, brackets and quotes in strings, nesting)
    /// at every alignment, whole and cut short, and byte soup from the
    /// characters that matter: the word-at-a-time scan agrees with a plain
    /// byte-by-byte one everywhere.
    @Test func agreesWithAByteByByteScan() {
        var random = SplitMix(seed: 0x6F62_6A65_6374)
        for round in 0..<400 {
            var text: [UInt8] = []
            Self.object(&text, depth: 0, &random)
            let whole = text.count
            text += Array(#",{"next":[1]}"#.utf8)
            for padding in 0..<9 {
                let padded = Array(repeating: UInt8(ascii: " "), count: padding) + text
                #expect(scan(padded, from: padding) == padding + whole, "round \(round), padding \(padding)")
                let cut = padding + Int.random(in: 1..<whole, using: &random)
                #expect(scan(Array(padded[..<cut]), from: padding) == nil, "round \(round), cut at \(cut)")
            }
        }
        let alphabet = Array(#"{}[]"\a,"#.utf8)
        for round in 0..<3_000 {
            let length = Int.random(in: 1..<80, using: &random)
            var soup = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
            soup[0] = UInt8(ascii: "{")
            #expect(scan(soup, from: 0) == Self.reference(soup, from: 0), "round \(round): \(String(decoding: soup, as: UTF8.self))")
        }
    }

    private func scan(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            reader.offset = start
            return reader.objectEnd()
        }
    }

    /// The scan's meaning, one byte at a time.
    static func reference(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var inString = false
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if inString {
                if b == UInt8(ascii: "\\") { i += 1 } else if b == UInt8(ascii: "\"") { inString = false }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i }
            }
        }
        return nil
    }

    /// A random object: keys and string values full of the bytes the scan
    /// watches, numbers, arrays and nested objects.
    static func object(_ out: inout [UInt8], depth: Int, _ random: inout SplitMix) {
        out.append(UInt8(ascii: "{"))
        for member in 0..<Int.random(in: 0...5, using: &random) {
            if member > 0 { out.append(UInt8(ascii: ",")) }
            string(&out, &random)
            out.append(UInt8(ascii: ":"))
            value(&out, depth: depth + 1, &random)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func value(_ out: inout [UInt8], depth: Int, _ random: inout SplitMix) {
        switch Int.random(in: 0..<(depth < 6 ? 5 : 2), using: &random) {
        case 0: string(&out, &random)
        case 1: out += Array(String(Int.random(in: -999...99_999, using: &random)).utf8)
        case 2, 3: object(&out, depth: depth, &random)
        default:
            out.append(UInt8(ascii: "["))
            for element in 0..<Int.random(in: 0...4, using: &random) {
                if element > 0 { out.append(UInt8(ascii: ",")) }
                value(&out, depth: depth + 1, &random)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    static func string(_ out: inout [UInt8], _ random: inout SplitMix) {
        let pieces = [#"a"#, #"bc"#, #"{"#, #"}"#, #"["#, #"]"#, #"\""#, #"\\"#, #"\n"#, #"\u005d"#, #"\\\""#, "é", " "]
        out.append(UInt8(ascii: "\""))
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            out += Array(pieces.randomElement(using: &random)!.utf8)
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A seeded generator, so that a failing round can be replayed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
