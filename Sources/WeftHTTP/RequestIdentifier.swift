#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Request IDs: the client's `X-Request-Id` when it is safe to echo into
/// headers and logs, else a fresh one.
struct RequestIdentifier {
    private let prefix: String
    private var counter: UInt64 = 0

    init() {
        var random = UInt64(0)
        withUnsafeMutableBytes(of: &random) { _ = getentropy($0.baseAddress, $0.count) }
        prefix = String(random, radix: 16)
    }

    mutating func make(accepting offered: String?) -> String {
        if let offered, Self.isAcceptable(offered) { return offered }
        counter &+= 1
        return prefix + "-" + String(counter, radix: 16)
    }

    static func isAcceptable(_ value: String) -> Bool {
        value.utf8.count <= 200 && !value.isEmpty && value.utf8.allSatisfy {
            switch $0 {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: "="): true
            default: false
            }
        }
    }
}
