import Glibc

/// The `Date` field's value (RFC 9110 §5.6.7, `Sun, 06 Nov 1994 08:49:37 GMT`), formatted once a second
/// by the loop that sends it.
struct DateField {
    private var second = -1
    /// The value when last refreshed.
    private(set) var bytes: [UInt8] = []

    init() {
        refresh()
    }

    /// Makes `bytes` say now (formatted again only when the second has changed).
    mutating func refresh() {
        var now = time(nil)
        guard now != second else { return }
        second = now
        var parts = tm()
        gmtime_r(&now, &parts)
        bytes = Array(Self.format(parts).utf8)
    }

    static func format(_ parts: tm) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
