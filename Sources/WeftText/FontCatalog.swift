/// How a requested family resolves: to itself, or (when it is not installed)
/// to the family fontconfig substitutes, which the service reports as a warning.
public struct FontResolution: Sendable, Hashable {
    /// The family the text asked for.
    public let requestedFamily: String
    /// The family of the face actually used, e.g. "DejaVu Sans" for an unknown name.
    public let resolvedFamily: String
    /// The PostScript name of the face used.
    public let postScriptName: String
    /// The font file the face was loaded from.
    public let filePath: String
    /// True when the requested family is not available and another one stands in for it.
    public var isFallback: Bool { requestedFamily.lowercased() != resolvedFamily.lowercased() }
}

/// The fonts a client may ask for (`GET /v1/fonts`).
public enum FontCatalog {
    /// Every family fontconfig knows, the registered application fonts (Ahem) included, sorted.
    public static func families() -> [String] {
        FontResolver.shared.families()
    }

    /// How `family` at `weight` and `italic` resolves. Nil only when no font at
    /// all is usable (no fontconfig configuration or no fonts installed).
    public static func resolve(family: String, weight: Int = 400, italic: Bool = false) -> FontResolution? {
        guard let match = FontResolver.shared.match(family: family, weight: weight, italic: italic),
            let face = FontResolver.shared.face(for: match)
        else { return nil }
        let resolved = match.declaresFamily(family) ? family : (match.families.first ?? family)
        return FontResolution(
            requestedFamily: family, resolvedFamily: resolved, postScriptName: face.postScriptName,
            filePath: match.path)
    }
}
