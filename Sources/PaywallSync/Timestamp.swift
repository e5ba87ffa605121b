import Glibc

public enum Timestamp {
    /// The current time in UTC, ISO 8601 to the second (`2026-11-29T23:52:06Z`), or to the millisecond
    /// (`2026-11-29T23:52:06.123Z`).
    public static func now(milliseconds: Bool = false) -> String {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        var parts = tm()
        gmtime_r(&clock.tv_sec, &parts)
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let fraction = milliseconds ? "." + digits(clock.tv_nsec / 1_000_000, 3) : ""
        return "\(parts.tm_year + 1900)-\(digits(Int(parts.tm_mon) + 1, 2))-\(digits(Int(parts.tm_mday), 2))"
            + "T\(digits(Int(parts.tm_hour), 2)):\(digits(Int(parts.tm_min), 2)):\(digits(Int(parts.tm_sec), 2))\(fraction)Z"
    }
}

extension Timestamp {
    /// The current time in epoch milliseconds, for ages of data (never for measuring durations: that
    /// is `ContinuousClock`).
    public static func epochMilliseconds() -> Int {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return clock.tv_sec * 1000 + clock.tv_nsec / 1_000_000
    }
}
