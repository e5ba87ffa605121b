import Glibc
import PaywallModel

/// A `Retry-After` header (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
enum RetryAfter {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let days = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"]

    /// The seconds to wait from `now`, or nil when `value` is neither form; a date already past is 0.
    static func seconds(_ value: String, now: time_t = time(nil)) -> Int? {
        if let digits = number(value) { return digits }
        guard let date = imfFixdate(value) else { return nil }
        return max(0, date - Int(now))
    }

    /// Seconds since the epoch of `Sun, 06 Nov 1994 08:49:37 GMT`, the only date form a server may send now.
    private static func imfFixdate(_ value: String) -> Int? {
        let fields = value.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 6, days.contains(String(fields[0])), fields[5] == "GMT", fields[1].count == 2, fields[3].count == 4,
              let day = number(fields[1]), let month = months.firstIndex(of: String(fields[2])), let year = number(fields[3]) else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
              let date = CivilDate(year: year, month: month + 1, day: day), hour < 24, minute < 60, second < 61 else { return nil }
        return date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// ASCII digits only; a number too large for Int is Int.max.
    private static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text) ?? Int.max
    }
}
