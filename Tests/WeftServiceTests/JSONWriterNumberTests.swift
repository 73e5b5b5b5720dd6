import Testing
import WeftJSON

@testable import WeftService

/// `JSONWriter.number` takes shortcuts for integers and eighths; the text
/// must stay what the plain rule gives: integral values below 2^53 as
/// digits, every other finite value as Swift's shortest round-trip
/// `description`, NaN and infinities as `null`.
@Suite struct JSONWriterNumberTests {
    static func reference(_ value: Double) -> String {
        if Swift.abs(value) < 9_007_199_254_740_992, Double(Int(value)) == value { return String(Int(value)) }
        return value.isFinite ? value.description : "null"
    }

    static func written(_ value: Double) -> String {
        var out = JSONWriter()
        out.number(value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test func eighthsHalvesAndIntegersAsBefore() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.125, -0.875, 1e-5, 2_147_483_647.875, -2_147_483_647.5]
        values += [2_147_483_648.5, 4_503_599_627_370_495.5, 9_007_199_254_740_992, 1e16, 1e300, .leastNonzeroMagnitude]
        for eighths in -4_000...4_000 { values.append(Double(eighths) / 8) }
        for sixteenths in stride(from: -99, through: 99, by: 2) { values.append(Double(sixteenths) / 16) }
        var random = SplitMix(seed: 0x6E75_6D62_6572)
        for _ in 0..<20_000 {
            let magnitude = Double(Int.random(in: 0..<(1 << 40), using: &random))
            values.append(magnitude / 8)
            values.append(-magnitude / 4)
            values.append(Double(bitPattern: random.next()))
            values.append(Double.random(in: -10_000...10_000, using: &random))
        }
        for value in values {
            #expect(Self.written(value) == Self.reference(value), "\(value)")
        }
    }

    @Test func nonFiniteIsNull() {
        for value in [Double.nan, .infinity, -.infinity] { #expect(Self.written(value) == "null") }
    }
}
