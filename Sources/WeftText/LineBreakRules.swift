/// Line-break opportunities for `line-break: auto`, `word-break: normal`:
/// ICU's UAX #14 rules.
enum LineBreakRules {
    /// Offsets (UTF-16) after which a line may end.
    static func opportunities(in units: [UInt16]) -> [Int] {
        ICUBreaks.lineBreakOpportunities(units)
    }
}
