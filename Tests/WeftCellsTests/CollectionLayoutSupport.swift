@testable import WeftCells
import WeftLayout

/// A vertical collection's metrics, with the spacings and inset given.
func metrics(
    _ width: Double, _ height: Double = 600, spacing: Double = 10, lineSpacing: Double? = nil,
    inset: Insets = .zero, horizontal: Bool = false, rtl: Bool = false, contentInset: Insets = .zero, scale: Double = 0
) -> CollectionMetrics {
    CollectionMetrics(
        viewport: size(width, height), contentInset: contentInset, horizontal: horizontal, rightToLeft: rtl,
        itemSpacing: spacing, lineSpacing: lineSpacing ?? spacing, sectionInset: inset, grid: PixelGrid(scale: scale))
}

func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Frame { Frame(x: x, y: y, width: w, height: h) }

func sizes(_ pairs: [(Double, Double)]) -> [Size] { pairs.map { size($0.0, $0.1) } }

/// Positive-area overlap, with a tolerance for floating-point sums.
func overlaps(_ a: Frame, _ b: Frame) -> Bool {
    let e = 1e-9
    return a.x < b.maxX - e && b.x < a.maxX - e && a.y < b.maxY - e && b.y < a.maxY - e
}

/// A seeded generator (xorshift64*), so a failing round can be replayed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
