/// How a requested family resolves: to itself (or, for a generic family, to the
/// family Chromium uses for it), or, when it is not installed, to the standard
/// font Chromium draws it with instead, which the service reports as a warning.
public struct FontResolution: Sendable, Hashable {
    /// The family the text asked for.
    public let requestedFamily: String
    /// The family of the face actually used, e.g. "Liberation Serif" for an unknown name.
    public let resolvedFamily: String
    /// The PostScript name of the face used.
    public let postScriptName: String
    /// The font file the face was loaded from.
    public let filePath: String
    /// True when the requested family is not available and another one stands in for it.
    public let isFallback: Bool
}

/// The fonts a client may ask for (`GET /v1/fonts`).
public enum FontCatalog {
    /// Every family fontconfig knows, the registered application fonts (Ahem) included, sorted.
    public static func families() -> [String] {
        FontResolver.shared.families()
    }

    /// Every face fontconfig knows (application fonts included), sorted by
    /// family, then weight, style and file.
    public static func faces() -> [FontFaceEntry] {
        FontResolver.shared.installedFaces()
    }

    /// The family each CSS generic family resolves to, as Chromium resolves it.
    public static func genericFamilies() -> [(generic: String, family: String)] {
        ["sans-serif", "serif", "monospace", "system-ui", "cursive", "fantasy"].compactMap { generic in
            resolve(family: generic).map { (generic, $0.resolvedFamily) }
        }
    }

    /// How `family` at `weight` and `italic` resolves. Nil only when no font at
    /// all is usable (no fontconfig configuration or no fonts installed).
    public static func resolve(family: String, weight: Int = 400, italic: Bool = false) -> FontResolution? {
        let resolver = FontResolver.shared
        let own = resolver.match(family: family, weight: weight, italic: italic)
        guard
            let match = own
                ?? resolver.match(family: FontResolver.defaultStandardFamily, weight: weight, italic: italic),
            let face = resolver.face(for: match)
        else { return nil }
        let resolved = match.declaresFamily(family) ? family : (match.families.first ?? family)
        return FontResolution(
            requestedFamily: family, resolvedFamily: resolved, postScriptName: face.postScriptName,
            filePath: match.path, isFallback: own == nil)
    }
}

/// One face of an installed (or registered) font file.
public struct FontFaceEntry: Sendable, Hashable {
    /// The face's family name (the first one the file declares).
    public let family: String
    /// CSS weight (100...1000).
    public let weight: Int
    /// Whether the face is italic or oblique.
    public let italic: Bool
    /// CSS `font-stretch` in percent (100 normal, 75 condensed): a family may hold
    /// faces of one weight and style that differ only in width.
    public let stretch: Double
    /// The face's PostScript name; empty when the file gives none.
    public let postScriptName: String
    /// Path of the font file.
    public let filePath: String
    /// The face's index in a collection file (`.ttc`); 0 otherwise.
    public let index: Int
}
