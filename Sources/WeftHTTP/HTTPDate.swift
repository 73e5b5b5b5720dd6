#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// IMF-fixdate (RFC 9110 §5.6.7) for the Date header, recomputed at most once
/// a second per event loop since every response carries it.
struct HTTPDateCache {
    private var second: time_t = -1
    private var text = ""

    mutating func current() -> String {
        let now = time(nil)
        if now != second {
            second = now
            text = Self.format(now)
        }
        return text
    }

    static func format(_ seconds: time_t) -> String {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
