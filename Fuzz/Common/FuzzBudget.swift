#if canImport(Glibc)
import Glibc
#endif

/// The time one input may take: a floor for fixed costs plus a slice per input
/// byte, generous enough for a sanitized build. Work that grows faster than the
/// input (a quadratic path) outruns it long before libFuzzer's own per-input
/// timeout would notice. Measured as the process's CPU time, every thread's, not
/// wall time: a fuzzer at nice 19 on a busy machine waits for a core, and that
/// wait is not the input's cost.
struct FuzzBudget {
    static let floorNanoseconds: UInt64 = 250_000_000
    static let perByteNanoseconds: UInt64 = 250_000

    private let startedAt = FuzzBudget.now()
    private let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    /// Checking an answer (decompressing, parsing its JSON) costs the harness
    /// time in proportion to the answer; answers are bounded by the service's
    /// own caps (pages, cells), so their bytes count toward the budget too.
    static let perAnswerByteNanoseconds: UInt64 = 500

    func check(answerBytes: Int = 0, _ what: @autoclosure () -> String) {
        let elapsed = FuzzBudget.now() - startedAt
        let allowed = Self.floorNanoseconds + Self.perByteNanoseconds * UInt64(bytes)
            + Self.perAnswerByteNanoseconds * UInt64(answerBytes)
        fuzzCheck(elapsed <= allowed, "\(what()) took \(elapsed / 1_000_000) ms of CPU for \(bytes) bytes (budget \(allowed / 1_000_000) ms)")
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Reads the input front to back as the values a structured target needs;
/// past the end every read is zero, so any input is a complete one.
struct FuzzInput {
    private let bytes: [UInt8]
    private var at = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    var remaining: ArraySlice<UInt8> { bytes[min(at, bytes.count)...] }
    var count: Int { bytes.count }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < bytes.count ? bytes[at] : 0
    }

    /// Bytes up to the next `separator` (consumed, not returned), or to the end.
    mutating func field(until separator: UInt8 = 0x0A) -> [UInt8] {
        let rest = remaining
        let end = rest.firstIndex(of: separator) ?? rest.endIndex
        at = end + 1
        return Array(rest[..<end])
    }

    /// A double that is usually interesting: an extreme, a tiny or a plain value
    /// chosen by one byte, else the next eight bytes' bit pattern.
    mutating func double() -> Double {
        let interesting: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, -1e-300, .leastNonzeroMagnitude, 1e300, -1e300, .greatestFiniteMagnitude,
                                     -.greatestFiniteMagnitude, 9.2e18, -9.3e18, 4503599627370497, 375, 667, 44, 1e9, 1e15]
        let choice = Int(byte())
        if choice < interesting.count * 8 { return interesting[choice % interesting.count] }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }
}
