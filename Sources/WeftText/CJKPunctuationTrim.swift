/// `text-spacing-trim: normal`: of two adjacent full-width punctuation marks,
/// one loses the blank half of its em box (Chromium applies the font's `halt`
/// metrics; for the CJK fonts here that is exactly half the advance).
enum CJKPunctuationTrim {
    enum Side { case opening, closing }

    static func side(of scalar: UInt16) -> Side? {
        switch scalar {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
            0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            return .opening
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
            0x301E, 0x301F, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D, 0xFF5D, 0xFF60:
            return .closing
        default:
            return nil
        }
    }

    static func isDot(_ unit: UInt16) -> Bool {
        unit == 0x3001 || unit == 0x3002 || unit == 0xFF0C || unit == 0xFF0E
    }

    /// A closing mark followed by another mark gives up its trailing half; an
    /// opening mark preceded by an opening mark gives up its leading half.
    /// A closing mark left untrimmed may still give up its half at the end of a
    /// line it would not otherwise fit on (`allow-end`).
    static func apply(to clusters: inout [MeasuredCluster], units: [UInt16], clusterStarts: [Int], emSize16: Int64) {
        guard !clusters.isEmpty else { return }
        func fullWidthSide(_ index: Int) -> Side? {
            let start = clusterStarts[index]
            let end = index + 1 < clusterStarts.count ? clusterStarts[index + 1] : units.count
            guard end - start == 1, let side = side(of: units[start]) else { return nil }
            // Only marks drawn full width (a CJK font's em box) have a blank half to trim.
            let advance = clusters[index].advance
            return abs(advance - emSize16) * 20 <= emSize16 ? side : nil
        }
        let sides = clusters.indices.map(fullWidthSide)
        var trimmed = [Bool](repeating: false, count: clusters.count)
        for index in clusters.indices.dropFirst() {
            guard let previous = sides[index - 1], let current = sides[index] else { continue }
            if previous == .closing {
                clusters[index - 1].advance -= clusters[index - 1].advance / 2
                trimmed[index - 1] = true
            } else if current == .opening {
                clusters[index].advance -= clusters[index].advance / 2
                trimmed[index] = true
            }
        }
        // At a line end only closing brackets give way, not the comma and full stop
        // marks (Chromium keeps `学习中文|吧。` rather than squeezing `吧。` in).
        for index in clusters.indices
        where sides[index] == .closing && !trimmed[index] && !isDot(units[clusterStarts[index]]) {
            clusters[index].trimmableAtLineEnd = clusters[index].advance / 2
        }
    }
}
