/// Caps the length of a grapheme cluster, as the Stream-Safe Text Format
/// (UAX #15) caps runs of non-starters at 30. Shaping one cluster costs time
/// that grows faster than its length (each combining mark is attached by
/// searching back over the marks before it; joiner sequences are matched
/// whole), and no writing system needs clusters this long: past the cap a
/// cluster's scalars would only draw on top of the ones kept, so they are
/// dropped. Text without such a cluster is returned unchanged.
enum ClusterLengthCap {
    static let maxScalars = 30

    static func apply(_ text: String) -> String {
        // Runs of ASCII are one scalar per cluster (CR LF aside).
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        guard text.contains(where: { $0.unicodeScalars.count > maxScalars }) else { return text }
        var kept = String.UnicodeScalarView()
        for cluster in text {
            kept.append(contentsOf: cluster.unicodeScalars.prefix(maxScalars))
        }
        return String(kept)
    }
}
