/// How Chromium on Linux turns a `font-family` name into the name it asks
/// fontconfig for, and which of fontconfig's answers it accepts.
enum FamilyNames {
    /// CSS generic families, as Chromium's Linux default font settings name
    /// them: `sans-serif` is Arial, `serif` Times New Roman, `monospace`
    /// fontconfig's "Monospace", `system-ui` fontconfig's default "sans";
    /// `cursive` and `fantasy` are Comic Sans MS and Impact (the standard font
    /// stands in when they are not installed).
    static func genericQuery(for family: String) -> String? {
        switch family.lowercased() {
        case "sans-serif": return "Arial"
        case "serif": return "Times New Roman"
        case "monospace": return "Monospace"
        case "system-ui": return "sans"
        case "cursive": return "Comic Sans MS"
        case "fantasy": return "Impact"
        default: return nil
        }
    }

    static func isGeneric(_ family: String) -> Bool { genericQuery(for: family) != nil }

    /// Whether Chromium draws `requested` with a face fontconfig matched for it
    /// that declares the family names `matched`. Fontconfig always answers
    /// something; Chromium keeps the answer only when it is the family asked
    /// for, one of fontconfig's own aliases (`sans`, `serif`, `monospace`), or a
    /// metric-compatible replacement (Arial and Liberation Sans lay out alike).
    /// Otherwise the family is unavailable and the standard font draws the text.
    static func accepts(_ matched: [String], for requested: String) -> Bool {
        let wanted = requested.lowercased()
        if matched.contains(where: { $0.lowercased() == wanted }) { return true }
        if fontconfigAliases.contains(wanted) { return true }
        guard let group = metricCompatibleGroup(of: wanted) else { return false }
        return matched.contains { metricCompatibleGroup(of: $0.lowercased()) == group }
    }

    private static let fontconfigAliases: Set<String> = ["sans", "serif", "monospace"]

    private static func metricCompatibleGroup(of family: String) -> Int? {
        metricCompatibleGroups.firstIndex { $0.contains(family) }
    }

    private static let metricCompatibleGroups: [Set<String>] = [
        ["arial", "helvetica", "arimo", "liberation sans"],
        ["times", "times new roman", "tinos", "liberation serif"],
        ["courier", "courier new", "cousine", "liberation mono"],
    ]
}
