/// `text-spacing-trim: normal` (trim-adjacent, allow-end): full-width CJK
/// punctuation has a blank half in its em box, which Chromium removes (with the
/// font's `halt` metrics; for the CJK fonts here exactly half the advance) where
/// two marks meet, and at a line end a closing bracket would otherwise not fit.
enum CJKPunctuationTrim {
    enum PunctuationClass {
        case opening
        case closing
        /// 、。，． — closing marks that are not brackets.
        case dot
        /// ・：； — centred, with blank on both sides.
        case middle
        /// U+3000.
        case ideographicSpace

        var isClosing: Bool { self == .closing || self == .dot }
    }

    static func punctuationClass(of unit: UInt16) -> PunctuationClass? {
        switch unit {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
            0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            return .opening
        case 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
            0x301E, 0x301F, 0xFF09, 0xFF3D, 0xFF5D, 0xFF60:
            return .closing
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
        case 0x30FB, 0xFF1A, 0xFF1B: return .middle
        case 0x3000: return .ideographicSpace
        default: return nil
        }
    }

    /// As CSS Text 4 defines trim-adjacent: an opening mark after an opening,
    /// closing or middle mark or an ideographic space loses its leading half; a
    /// closing mark before a closing or middle mark loses its trailing half.
    /// A closing bracket left untrimmed may still lose its trailing half at the end
    /// of a line it would not otherwise fit on; dots never do (Chromium keeps
    /// `学习中文|吧。` rather than squeezing `吧。` in).
    static func apply(to clusters: inout [MeasuredCluster], units: [UInt16], clusterStarts: [Int], emSize16: Int64) {
        let classes = clusters.indices.map { index -> PunctuationClass? in
            let start = clusterStarts[index]
            let end = index + 1 < clusterStarts.count ? clusterStarts[index + 1] : units.count
            guard end - start == 1, let punctuation = punctuationClass(of: units[start]) else { return nil }
            // Only marks drawn full width (a CJK font's em box) have a blank half to trim.
            return abs(clusters[index].advance - emSize16) * 20 <= emSize16 ? punctuation : nil
        }
        var trimmed = [Bool](repeating: false, count: clusters.count)
        func trim(_ index: Int) {
            guard !trimmed[index] else { return }
            clusters[index].advance -= clusters[index].advance / 2
            trimmed[index] = true
        }
        for index in clusters.indices.dropFirst() {
            guard let previous = classes[index - 1], let current = classes[index] else { continue }
            // Every class may precede an opening mark that gets trimmed.
            if current == .opening {
                trim(index)
            } else if previous.isClosing, current.isClosing || current == .middle {
                trim(index - 1)
            }
        }
        for index in clusters.indices where classes[index] == .closing && !trimmed[index] {
            clusters[index].trimmableAtLineEnd = clusters[index].advance / 2
        }
    }
}
