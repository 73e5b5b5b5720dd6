import Foundation
import Testing
import WeftLayout

@testable import WeftText

/// Development aid: `WEFT_TEXT_DUMP="text|family|size|weight"` prints each
/// cluster's font and advance. Does nothing otherwise.
@Test func dumpClusters() {
    guard let spec = ProcessInfo.processInfo.environment["WEFT_TEXT_DUMP"] else { return }
    let parts = spec.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let font = FontDescriptorKey(family: parts[1], size: Double(parts[2]) ?? 16, weight: Int(parts[3]) ?? 400, italic: false)
    guard var chain = FontFallbackChain(font: font) else { return }
    let units = Array(parts[0].utf16)
    let shaped = ParagraphShaper(letterSpacing: 0).shape(units, fonts: &chain)
    let ends = ICUBreaks.graphemeEnds(units)
    var start = 0
    for (index, cluster) in shaped.clusters.enumerated() {
        let text = String(decoding: units[start..<ends[index]], as: UTF16.self)
        print("\(text.debugDescription) \(chain.fonts[cluster.fontIndex].face.postScriptName) \(Double(cluster.advance) / 65536) break \(cluster.breakAfter)")
        start = ends[index]
    }
}

@Test func dumpCoverage() {
    guard let spec = ProcessInfo.processInfo.environment["WEFT_TEXT_COVER"] else { return }
    let parts = spec.split(separator: "|").map(String.init)
    guard let match = FontResolver.shared.match(family: parts[1], weight: 400, italic: false),
        let face = FontResolver.shared.face(for: match)
    else { return print("no face") }
    for scalar in parts[0].unicodeScalars {
        print(String(scalar.value, radix: 16), face.postScriptName, face.hasGlyph(for: scalar.value))
    }
}

@Test func dumpFallback() {
    guard let spec = ProcessInfo.processInfo.environment["WEFT_TEXT_FALLBACK"] else { return }
    for scalar in spec.unicodeScalars {
        for emoji in [false, true] {
            let match = FontResolver.shared.fallbackMatch(for: scalar.value, emoji: emoji)
            print(String(scalar.value, radix: 16), emoji, match?.path ?? "nil")
        }
    }
}

@Test func dumpFace() {
    guard let path = ProcessInfo.processInfo.environment["WEFT_TEXT_FACE"] else { return }
    let face = FaceCache.shared.face(path: path, index: 0)
    print(path, face?.postScriptName ?? "nil", face?.unitsPerEm ?? 0, face?.isScalable ?? false, face.map { "\($0.verticalMetrics)" } ?? "")
}
