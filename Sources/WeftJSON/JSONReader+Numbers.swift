extension JSONReader {
    /// Reads a number with JSON's grammar
    /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
    ///
    /// Up to 19 significant digits and a power of ten within 10^±22 are
    /// converted exactly by Clinger's fast path (both operands are exact
    /// doubles, so one IEEE operation rounds correctly); anything harder goes
    /// to the standard library's correctly rounded `Double(String)`.
    /// Out-of-range values come back as ±infinity for the caller to refuse.
    @inlinable public mutating func readNumber() throws(RequestError) -> Double {
        _ = peekByte()
        let start = offset
        var i = start
        let negative = byte(at: i) == UInt8(ascii: "-")
        if negative { i += 1 }

        var mantissa: UInt64 = 0
        var digits = 0  // significant digits folded into `mantissa`
        var exponent = 0  // decimal exponent applied to `mantissa`
        var exact = true  // false once a digit did not fit into `mantissa`

        let first = byte(at: i)
        if first == UInt8(ascii: "0") {
            i += 1
        } else if first >= UInt8(ascii: "1") && first <= UInt8(ascii: "9") {
            while true {
                let d = byte(at: i) &- UInt8(ascii: "0")
                guard d < 10 else { break }
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    digits += 1
                } else {
                    exponent += 1
                    exact = false
                }
                i += 1
            }
        } else {
            throw syntaxError("invalid number", at: i)
        }

        if byte(at: i) == UInt8(ascii: ".") {
            i += 1
            guard byte(at: i) &- UInt8(ascii: "0") < 10 else {
                throw syntaxError("a decimal point must be followed by digits", at: i)
            }
            while true {
                let d = byte(at: i) &- UInt8(ascii: "0")
                guard d < 10 else { break }
                if mantissa == 0 && d == 0 {
                    exponent -= 1  // leading zeros are not significant
                } else if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(d)
                    digits += 1
                    exponent -= 1
                } else if d != 0 {
                    exact = false
                }
                i += 1
            }
        }

        let e = byte(at: i)
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            let sign = byte(at: i)
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                expNegative = sign == UInt8(ascii: "-")
                i += 1
            }
            guard byte(at: i) &- UInt8(ascii: "0") < 10 else {
                throw syntaxError("an exponent must have digits", at: i)
            }
            var explicit = 0
            while true {
                let d = byte(at: i) &- UInt8(ascii: "0")
                guard d < 10 else { break }
                // Saturate: anything this large is 0 or infinity anyway.
                if explicit < 100_000 { explicit = explicit * 10 + Int(d) }
                i += 1
            }
            exponent += expNegative ? -explicit : explicit
        }
        offset = i

        if mantissa == 0 { return negative ? -0.0 : 0 }
        if exact && mantissa <= (1 << 53) && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= Self.powersOfTen[-exponent]
            } else {
                value *= Self.powersOfTen[exponent]
            }
            return negative ? -value : value
        }
        return slowNumber(from: start, to: i)
    }

    /// The exact conversion for numbers the fast path cannot do.
    @inlinable func slowNumber(from start: Int, to end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        // The grammar was checked above, so the standard library accepts it.
        return Double(text) ?? .nan
    }

    @usableFromInline static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
