/// Line-break opportunities for `line-break: auto`, `word-break: normal`:
/// ICU's UAX #14 rules with the two differences Chromium shows between ASCII
/// characters (observed in its rendering, e.g. of URLs and version strings):
/// - no break after `/` before a letter or digit (`https://exam|ple.com/pat|h` breaks only by overflow);
/// - a break after a hyphen between a letter or digit and a digit (`weft-|1.2.3`),
///   which UAX #14 forbids (LB25) to keep negative numbers whole.
enum LineBreakRules {
    /// For each UTF-16 offset 0...count, whether a line may end there.
    static func opportunities(in units: [UInt16]) -> [Bool] {
        var result = [Bool](repeating: false, count: units.count + 1)
        for offset in ICUBreaks.lineBreakOpportunities(units) where offset <= units.count { result[offset] = true }
        guard units.count >= 2 else { return result }
        for offset in 1..<units.count {
            let before = units[offset - 1]
            let after = units[offset]
            guard isASCIIAlphanumeric(after) else { continue }
            if before == 0x2F {  // "/"
                result[offset] = false
            } else if before == 0x2D, isASCIIDigit(after), offset >= 2, isASCIIAlphanumeric(units[offset - 2]) {
                result[offset] = true
            }
        }
        return result
    }

    private static func isASCIIDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }

    private static func isASCIIAlphanumeric(_ unit: UInt16) -> Bool {
        isASCIIDigit(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }
}
