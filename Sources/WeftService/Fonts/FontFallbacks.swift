import Synchronization
import WeftLayout
import WeftText

/// Remembers, per family, whether fontconfig substitutes another family for
/// it, so that warning about it costs one fontconfig query per family per
/// process, not one per text element.
final class FontFallbacks: Sendable {
    static let shared = FontFallbacks()

    /// family (lowercased) -> the family used instead, or "" when it resolves to itself.
    private let known = Mutex<[String: String]>([:])

    /// The family text in `font` is measured with, when it is not the one asked for.
    func substitute(for font: FontDescriptor) -> String? {
        let key = font.family.lowercased()
        if let hit = known.withLock({ $0[key] }) { return hit.isEmpty ? nil : hit }
        var used = ""
        if let resolution = FontCatalog.resolve(family: font.family, weight: font.weight, italic: font.italic),
            resolution.isFallback
        {
            used = resolution.resolvedFamily
        }
        known.withLock { table in
            // Bounded: clients may send any number of made-up families.
            if table.count > 4096 { table.removeAll() }
            table[key] = used
        }
        return used.isEmpty ? nil : used
    }
}
