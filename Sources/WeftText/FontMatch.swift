import CFontconfig

/// A font file fontconfig chose for a pattern, and the family names it declares.
struct FontMatch: Sendable, Hashable {
    let path: String
    let index: Int
    let families: [String]

    /// Reads the file, face index and family names out of a matched fontconfig pattern.
    init?(pattern: OpaquePointer) {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, "index", 0, &index) != FcResultMatch { index = 0 }
        var names: [String] = []
        var familyIndex: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, "family", familyIndex, &family) == FcResultMatch, let name = family {
            names.append(String(cString: name))
            familyIndex += 1
        }
        path = String(cString: file)
        self.index = Int(index)
        families = names
    }

    func declaresFamily(_ family: String) -> Bool {
        let wanted = family.lowercased()
        return families.contains { $0.lowercased() == wanted }
    }
}
