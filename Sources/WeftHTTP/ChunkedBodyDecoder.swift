/// Decodes the chunked transfer coding (RFC 9112 §7.1) incrementally.
/// Chunk extensions and trailer fields are read and dropped: nothing here uses them.
struct ChunkedBodyDecoder {
    let maxLineBytes: Int

    private enum Phase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers(seen: Int)
    }

    private var phase = Phase.size

    init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Consumes what it can from `buffer[position...]`; true once the last chunk and trailers are in.
    mutating func decode(_ buffer: [UInt8], from position: inout Int, into body: inout [UInt8],
                         maxBodyBytes: Int) throws(HTTPParseError) -> Bool {
        while true {
            switch phase {
            case .size:
                guard let line = try takeLine(buffer, from: &position) else { return false }
                let size = try Self.chunkSize(line)
                guard size <= maxBodyBytes - body.count else {
                    throw HTTPParseError(status: 413, detail: "chunked body exceeds the limit of \(maxBodyBytes) bytes")
                }
                phase = size == 0 ? .trailers(seen: 0) : .data(remaining: size)
            case .data(let remaining):
                let taken = min(remaining, buffer.count - position)
                if taken == 0 { return false }
                body.append(contentsOf: buffer[position..<(position + taken)])
                position += taken
                phase = taken == remaining ? .dataEnd : .data(remaining: remaining - taken)
            case .dataEnd:
                guard buffer.count - position >= 2 else { return false }
                guard buffer[position] == 0x0D, buffer[position + 1] == 0x0A else {
                    throw .badRequest("chunk data not followed by CRLF")
                }
                position += 2
                phase = .size
            case .trailers(let seen):
                let before = position
                guard let line = try takeLine(buffer, from: &position) else { return false }
                if line.isEmpty { return true }
                let total = seen + position - before
                guard total <= maxLineBytes else {
                    throw HTTPParseError(status: 431, detail: "trailer section too large")
                }
                _ = try RequestHeadParser.parseField(line)
                phase = .trailers(seen: total)
            }
        }
    }

    private func takeLine(_ buffer: [UInt8], from position: inout Int) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        var index = position
        while index < buffer.count {
            if buffer[index] == 0x0A {
                guard index > position, buffer[index - 1] == 0x0D else { throw .badRequest("bare LF in chunked framing") }
                let line = buffer[position..<(index - 1)]
                position = index + 1
                return line
            }
            index += 1
            if index - position > maxLineBytes { throw .badRequest("chunk line too long") }
        }
        return nil
    }

    static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var digits = line
        if let semicolon = line.firstIndex(of: UInt8(ascii: ";")) {
            digits = line[..<semicolon]
            try checkExtensions(line[semicolon...])
            // Whitespace may stand before an extension's ";" (BWS), nowhere else on the line.
            while let last = digits.last, last == 0x20 || last == 0x09 { digits.removeLast() }
        }
        guard !digits.isEmpty, digits.count <= 15 else { throw .badRequest("malformed chunk size") }
        var size = 0
        for byte in digits {
            guard let value = HexDigit.value(byte) else { throw .badRequest("malformed chunk size") }
            size = size * 16 + Int(value)
        }
        return size
    }

    /// Chunk extensions mean nothing here, but they must parse as RFC 9112
    /// §7.1.1 writes them, `*( BWS ";" BWS token [ BWS "=" BWS ( token /
    /// quoted-string ) ] )`: a proxy that parses them strictly would
    /// otherwise frame the body differently.
    static func checkExtensions(_ text: ArraySlice<UInt8>) throws(HTTPParseError) {
        var i = text.startIndex
        func skipWhitespace() {
            while i < text.endIndex, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        }
        func token() throws(HTTPParseError) {
            let start = i
            while i < text.endIndex, RequestHeadParser.isTokenByte(text[i]) { i += 1 }
            if i == start { throw .badRequest("malformed chunk extension") }
        }
        func quotedString() throws(HTTPParseError) {
            i += 1
            while i < text.endIndex {
                let byte = text[i]
                if byte == UInt8(ascii: "\"") {
                    i += 1
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    i += 1
                    guard i < text.endIndex, text[i] == 0x09 || text[i] >= 0x20 && text[i] != 0x7F else { break }
                } else if !(byte == 0x09 || byte >= 0x20 && byte != 0x7F) {
                    break
                }
                i += 1
            }
            throw .badRequest("malformed chunk extension")
        }
        while true {
            skipWhitespace()
            guard i < text.endIndex else { return }
            guard text[i] == UInt8(ascii: ";") else { throw .badRequest("malformed chunk extension") }
            i += 1
            skipWhitespace()
            try token()
            skipWhitespace()
            guard i < text.endIndex, text[i] == UInt8(ascii: "=") else { continue }
            i += 1
            skipWhitespace()
            if i < text.endIndex, text[i] == UInt8(ascii: "\"") { try quotedString() } else { try token() }
        }
    }
}
