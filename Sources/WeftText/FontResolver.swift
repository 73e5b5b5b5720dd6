import Synchronization

/// Answers, with caching, the three font questions of Chromium's per-character
/// fallback: the requested family's face, the default standard font's face,
/// and fontconfig's choice for one character.
final class FontResolver: Sendable {
    static let shared = FontResolver()

    /// Chromium's default standard font on Linux; fontconfig's metric aliases
    /// turn it into Liberation Serif.
    static let defaultStandardFamily = "Times New Roman"

    private struct StyleKey: Hashable {
        let family: String
        let weight: Int
        let italic: Bool
    }

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let emoji: Bool
    }

    private struct Caches: ~Copyable {
        var styled: [StyleKey: FontMatch?] = [:]
        var fallbacks: [FallbackKey: FontMatch?] = [:]
        var named: [NamedKey: NamedFaces] = [:]
    }

    /// The two CSS-named faces of a text's fallback chain, looked up together
    /// (every span style of every text starts a chain).
    struct NamedFaces: Sendable {
        let requested: FontFace?
        let standard: FontFace?
    }

    private struct NamedKey: Hashable {
        let family: String
        let weight: Int
        let italic: Bool
    }

    /// Family names come from clients, so the caches are capped (`makeRoom`).
    static let maxFallbackEntries = 1 << 16

    private let caches = Mutex(Caches())
    private let configuration: FontConfiguration
    private let faces: FaceCache
    /// Entries of the styled and named caches at most.
    private let maxStyledEntries: Int

    init(configuration: FontConfiguration = .shared, faces: FaceCache = .shared, maxStyledEntries: Int = 4096) {
        self.configuration = configuration
        self.faces = faces
        self.maxStyledEntries = maxStyledEntries
    }

    /// Room for one more entry in a full cache. The families the machine lacks
    /// go first: made-up names are what fills it, and one client's many would
    /// otherwise wipe the faces every other client's text is measured with.
    /// Only when the available families alone fill half of it does it start over.
    private func makeRoom<Key, Value>(in cache: inout [Key: Value], keeping available: (Value) -> Bool) {
        guard cache.count >= maxStyledEntries else { return }
        cache = cache.filter { available($0.value) }
        if cache.count >= maxStyledEntries / 2 { cache.removeAll(keepingCapacity: true) }
    }

    /// Whether `family` at a weight and style is cached (for tests of the eviction).
    func isCached(family: String, weight: Int, italic: Bool) -> Bool {
        caches.withLock { $0.styled[StyleKey(family: family.lowercased(), weight: weight, italic: italic)] != nil }
    }

    /// The face Chromium draws `family` with at a weight and style, as fontconfig
    /// finds it (generic families by their Linux defaults); nil when the family
    /// is not available and the standard font stands in (`FamilyNames.accepts`).
    func match(family: String, weight: Int, italic: Bool) -> FontMatch? {
        let key = StyleKey(family: family.lowercased(), weight: weight, italic: italic)
        if let cached = caches.withLock({ $0.styled[key] }) { return cached }
        let query = FamilyNames.genericQuery(for: family) ?? family
        let found = configuration.withConfig {
            FontconfigQueries.match(family: query, weight: weight, italic: italic, in: $0)
        }.flatMap { FamilyNames.accepts($0.families, for: query) ? $0 : nil }
        caches.withLock {
            makeRoom(in: &$0.styled) { ($0 ?? nil) != nil }
            $0.styled[key] = .some(found)
        }
        return found
    }

    /// The font fontconfig picks for one character nobody earlier in the chain has.
    /// Emoji are looked up for the emoji "language", which ranks colour emoji first.
    func fallbackMatch(for scalar: UInt32, emoji: Bool) -> FontMatch? {
        let key = FallbackKey(scalar: scalar, emoji: emoji)
        if let cached = caches.withLock({ $0.fallbacks[key] }) { return cached }
        let found = configuration.withConfig {
            FontconfigQueries.fallback(
                for: scalar, language: emoji ? "und-zsye" : "en-us", excluding: configuration.applicationFonts, in: $0)
        }
        caches.withLock {
            if $0.fallbacks.count >= Self.maxFallbackEntries { $0.fallbacks.removeAll(keepingCapacity: true) }
            $0.fallbacks[key] = .some(found)
        }
        return found
    }

    /// The requested family's face (nil when Chromium would not use it) and the
    /// standard font's face, at one weight and style.
    func namedFaces(family: String, weight: Int, italic: Bool) -> NamedFaces {
        let key = NamedKey(family: family, weight: weight, italic: italic)
        if let cached = caches.withLock({ $0.named[key] }) { return cached }
        let found = NamedFaces(
            requested: face(for: match(family: family, weight: weight, italic: italic)),
            standard: face(for: match(family: Self.defaultStandardFamily, weight: weight, italic: italic)))
        caches.withLock {
            makeRoom(in: &$0.named) { $0.requested != nil }
            $0.named[key] = found
        }
        return found
    }

    func face(for match: FontMatch?) -> FontFace? {
        guard let match else { return nil }
        return faces.face(path: match.path, index: match.index)
    }

    func families() -> [String] {
        configuration.withConfig { FontconfigQueries.allFamilies(in: $0) } ?? []
    }

    func installedFaces() -> [FontFaceEntry] {
        configuration.withConfig { FontconfigQueries.allFaces(in: $0) } ?? []
    }
}
