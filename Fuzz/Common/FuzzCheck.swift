#if canImport(Glibc)
import Glibc
#endif

/// `precondition` drops its message in optimized builds; a fuzz finding is
/// only useful with the broken invariant named, so print it, then abort so
/// libFuzzer saves the input.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if condition() { return }
    let line = Array("fuzz invariant broken: \(message())\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
