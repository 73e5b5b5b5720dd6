import CFontconfig

/// The fontconfig queries Chromium's Linux font code makes.
enum FontconfigQueries {
    /// The best match for a family at a CSS weight and style, after the
    /// configuration's substitutions (aliases such as Times New Roman -> Liberation Serif).
    static func match(family: String, weight: Int, italic: Bool, in config: OpaquePointer) -> FontMatch? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, "family", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(clamping: weight)))
        _ = FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC : FC_SLANT_ROMAN
        _ = FcPatternAddBool(pattern, "scalable", 1)
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return FontMatch(pattern: matched)
    }

    /// The first font, in fontconfig's sort order for "this character in this
    /// language", whose character set has the character. Weight and style are left
    /// at their defaults, so the regular face comes back, as Chromium uses it.
    static func fallback(
        for scalar: UInt32, language: String, excluding excluded: Set<String>, in config: OpaquePointer
    ) -> FontMatch? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        _ = FcCharSetAddChar(charset, scalar)
        _ = FcPatternAddCharSet(pattern, "charset", charset)
        _ = language.withCString { FcPatternAddString(pattern, "lang", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddBool(pattern, "scalable", 1)
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, 1, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        let count = Int(sorted.pointee.nfont)
        guard let fonts = sorted.pointee.fonts else { return nil }
        for position in 0..<count {
            guard let candidate = fonts[position] else { continue }
            var candidateCharset: OpaquePointer?
            guard FcPatternGetCharSet(candidate, "charset", 0, &candidateCharset) == FcResultMatch,
                FcCharSetHasChar(candidateCharset, scalar) != 0,
                let match = FontMatch(pattern: candidate), !excluded.contains(match.path)
            else { continue }
            return match
        }
        return nil
    }

    /// Every family name of every installed or registered font.
    static func allFamilies(in config: OpaquePointer) -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, "family")
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var families: Set<String> = []
        if let fonts = list.pointee.fonts {
            for position in 0..<Int(list.pointee.nfont) {
                guard let font = fonts[position] else { continue }
                var family: UnsafeMutablePointer<FcChar8>?
                // The first name is the font's default (English) family name.
                if FcPatternGetString(font, "family", 0, &family) == FcResultMatch, let family {
                    families.insert(String(cString: family))
                }
            }
        }
        return families.sorted()
    }

    /// Every scalable face fontconfig lists: its default family name, CSS weight,
    /// style, width, PostScript name, file and index in the file.
    static func allFaces(in config: OpaquePointer) -> [FontFaceEntry] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for name in ["family", "weight", "slant", "width", "postscriptname", "file", "index"] { _ = FcObjectSetAdd(objects, name) }
        guard let list = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(list) }
        var faces: [FontFaceEntry] = []
        guard let fonts = list.pointee.fonts else { return [] }
        for position in 0..<Int(list.pointee.nfont) {
            guard let font = fonts[position] else { continue }
            func string(_ name: String) -> String? {
                var value: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, name, 0, &value) == FcResultMatch, let value else { return nil }
                return String(cString: value)
            }
            func integer(_ name: String) -> Int32? {
                var value: Int32 = 0
                return FcPatternGetInteger(font, name, 0, &value) == FcResultMatch ? value : nil
            }
            var weight = 80.0
            _ = FcPatternGetDouble(font, "weight", 0, &weight)
            guard let family = string("family"), let file = string("file") else { continue }
            faces.append(
                FontFaceEntry(
                    family: family, weight: Int(FcWeightToOpenTypeDouble(weight).rounded()),
                    italic: (integer("slant") ?? 0) != 0, stretch: Self.cssStretch(fontconfigWidth: integer("width") ?? 100),
                    postScriptName: string("postscriptname") ?? "",
                    filePath: file, index: Int(integer("index") ?? 0)))
        }
        return faces.sorted {
            ($0.family, $0.weight, $0.italic ? 1 : 0, $0.filePath, $0.index)
                < ($1.family, $1.weight, $1.italic ? 1 : 0, $1.filePath, $1.index)
        }
    }

    /// fontconfig's width constants (FC_WIDTH_*, whole numbers) as CSS `font-stretch`
    /// percentages: 63, 87 and 113 are CSS's 62.5, 87.5 and 112.5.
    static func cssStretch(fontconfigWidth width: Int32) -> Double {
        switch width {
        case 63: return 62.5
        case 87: return 87.5
        case 113: return 112.5
        default: return Double(width)
        }
    }
}
