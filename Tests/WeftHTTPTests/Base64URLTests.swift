import Foundation
import Testing
import WeftHTTP

/// Base64URL against Foundation's base64, turned into the URL-safe alphabet without padding (RFC 4648 §5).
@Suite struct Base64URLTests {
    private func expected(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    @Test func everyLengthFromNoneToSeveralGroupsMatchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = bytes.withUnsafeBytes { Base64URL.encode($0) }
            #expect(encoded == expected(bytes), "\(bytes)")
        }
    }

    @Test func everyCharacterOfTheAlphabetAppears() {
        // Bytes whose 6-bit groups are 0, 1, ..., 63: the alphabet in order.
        var bits: [UInt8] = []
        var accumulator: UInt32 = 0
        var held = 0
        for value in 0..<64 {
            accumulator = accumulator << 6 | UInt32(value)
            held += 6
            while held >= 8 {
                held -= 8
                bits.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(held)))
            }
        }
        let encoded = bits.withUnsafeBytes { Base64URL.encode($0) }
        #expect(encoded == "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    }

    @Test func textGoesStraightIntoABufferAndA128BitValueTakes22Characters() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0x01]
        var written = [UInt8](repeating: 0, count: Base64URL.length(of: bytes.count) + 2)
        let count = written.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBytes { Base64URL.encode($0, into: UnsafeMutableBufferPointer(rebasing: out[1...])) }
        }
        #expect(count == Base64URL.length(of: bytes.count))
        #expect(String(decoding: written.dropFirst().prefix(count), as: UTF8.self) == expected(bytes))
        #expect(written.first == 0 && written.last == 0, "nothing written outside the text")
        let value = Base64URL.encode(low: 0x0123_4567_89AB_CDEF, high: 0xFEDC_BA98_7654_3210)
        #expect(value.utf8.count == 22)
        let littleEndian: [UInt8] = [0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01,
                                     0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE]
        #expect(value == expected(littleEndian))
    }

    private func decoded(_ text: String) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: text.utf8.count * 3 / 4)
        var text = text
        let count = text.withUTF8 { utf8 in out.withUnsafeMutableBytes { Base64URL.decode(utf8, into: $0) } }
        return count.map { Array(out.prefix($0)) }
    }

    @Test func decodingReadsBackWhatEncodingWroteAndRefusesOtherText() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(decoded(expected(bytes)) == bytes, "\(bytes)")
        }
        // Outside the alphabet (standard base64's own characters, padding, a space).
        for text in ["ab+c", "ab/c", "abc=", "ab c", "AAAAA"] { #expect(decoded(text) == nil, "\(text)") }
        // A last group whose unused bits are not zero: "AB" is not what any byte encodes to.
        #expect(decoded("AA") == [0])
        #expect(decoded("AB") == nil)
        #expect(decoded("AAB") == nil)
    }
}
