/// A grammar-only pass: what `skipValue` checks, without computing numbers
/// or key views. The container reader runs it over every cell tree it does
/// not decode yet (the engine decodes them later, on the worker pool), so
/// its speed bounds how soon a streamed answer can start.
extension JSONReader {
    /// Checks the grammar of the next value and moves past it, building nothing.
    @inlinable public mutating func checkValue() throws(RequestError) {
        let byte = peekByte()
        switch byte {
        case UInt8(ascii: "{"):
            try open()
            if peekByte() == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                return
            }
            while true {
                guard peekByte() == UInt8(ascii: "\"") else { throw syntaxError("expected a string key") }
                try checkString()
                guard peekByte() == UInt8(ascii: ":") else { throw syntaxError("expected ':' after a key") }
                offset += 1
                try checkValue()
                switch peekByte() {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    depth -= 1
                    return
                default: throw syntaxError("expected ',' or '}' in an object")
                }
            }
        case UInt8(ascii: "["):
            try open()
            if peekByte() == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                return
            }
            while true {
                try checkValue()
                switch peekByte() {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    depth -= 1
                    return
                default: throw syntaxError("expected ',' or ']' in an array")
                }
            }
        case UInt8(ascii: "\""): try checkString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try checkNumber()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: throw noValue(byte)
        }
    }

    /// A string at `offset`: eight bytes at a time while they are plain
    /// ASCII; anything else (an escape, a control byte, UTF-8 to validate)
    /// goes to `scanStringBody`, which checks it strictly.
    @inline(__always)
    @inlinable mutating func checkString() throws(RequestError) {
        let count = bytes.count
        var i = offset + 1
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while i + 8 <= count {
                let special = Self.specialBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if special == 0 {
                    i += 8
                    continue
                }
                let at = i + special.trailingZeroBitCount / 8
                if base[at] == UInt8(ascii: "\"") {
                    offset = at + 1
                    return
                }
                break
            }
        }
        _ = try scanStringBody()
    }

    /// RFC 8259's number grammar, with `readNumber`'s messages.
    @inlinable mutating func checkNumber() throws(RequestError) {
        var i = offset
        if byte(at: i) == UInt8(ascii: "-") { i += 1 }
        let first = byte(at: i)
        if first == UInt8(ascii: "0") {
            i += 1
        } else if first &- UInt8(ascii: "1") < 9 {
            i += 1
            while byte(at: i) &- UInt8(ascii: "0") < 10 { i += 1 }
        } else {
            throw syntaxError("invalid number", at: i)
        }
        if byte(at: i) == UInt8(ascii: ".") {
            i += 1
            guard byte(at: i) &- UInt8(ascii: "0") < 10 else {
                throw syntaxError("a decimal point must be followed by digits", at: i)
            }
            while byte(at: i) &- UInt8(ascii: "0") < 10 { i += 1 }
        }
        let e = byte(at: i)
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            i += 1
            let sign = byte(at: i)
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { i += 1 }
            guard byte(at: i) &- UInt8(ascii: "0") < 10 else {
                throw syntaxError("an exponent must have digits", at: i)
            }
            while byte(at: i) &- UInt8(ascii: "0") < 10 { i += 1 }
        }
        offset = i
    }
}
