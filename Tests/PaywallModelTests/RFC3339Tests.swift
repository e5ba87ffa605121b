import Glibc
@testable import PaywallModel
import Testing

/// The one reader of RFC 3339 times, swept over whole input spaces against glibc's calendar (`timegm`, `gmtime_r`),
/// which shares no code with it.
@Suite struct RFC3339Tests {
    /// glibc's epoch seconds of a UTC date and time, and whether the fields name that very time (`timegm` moves
    /// February 31 on to March).
    private static func glibc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0, _ second: Int = 0)
        -> (seconds: Int, exists: Bool) {
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        var seconds = timegm(&fields)
        var back = tm()
        gmtime_r(&seconds, &back)
        let exists = (Int(back.tm_year) + 1900, Int(back.tm_mon) + 1, Int(back.tm_mday), Int(back.tm_hour), Int(back.tm_min), Int(back.tm_sec))
            == (year, month, day, hour, minute, second)
        return (seconds, exists)
    }

    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    /// Days 0 to 32 of every month of leap and common years, centuries among them: a day reads exactly when glibc
    /// has it, as glibc's time; any other is named.
    @Test(arguments: [1970, 2000, 2024, 2026, 2100, 2400, 9999])
    func everyDayOfEveryMonth(_ year: Int) throws {
        for month in 1...12 {
            for day in 0...32 {
                let text = "\(year)-\(Self.two(month))-\(Self.two(day))T12:00:00Z"
                let oracle = Self.glibc(year, month, day)
                if oracle.exists {
                    #expect(try epochMilliseconds(rfc3339: text) == oracle.seconds * 1000, "\(text)")
                } else {
                    #expect(throws: RFC3339Error(description: "\(year)-\(Self.two(month)) has no day \(Self.two(day))"), "\(text)") {
                        try epochMilliseconds(rfc3339: text)
                    }
                }
            }
        }
    }

    /// The last millisecond of every day from 1970 to 2400, written by `iso8601UTC`, is glibc's date and reads back
    /// as itself.
    @Test func everyDayRoundTrips() throws {
        var mismatches: [String] = []
        var start = 0
        while start < Self.glibc(2401, 1, 1, 0).seconds {
            var last = start + 86_399
            var fields = tm()
            gmtime_r(&last, &fields)
            let milliseconds = last * 1000 + 999
            let text = iso8601UTC(epochMilliseconds: milliseconds)
            let date = "\(Int(fields.tm_year) + 1900)-\(Self.two(Int(fields.tm_mon) + 1))-\(Self.two(Int(fields.tm_mday)))"
            if text != date + "T23:59:59.999Z" || epochMilliseconds(iso8601: text) != milliseconds { mismatches.append(text) }
            start += 86_400
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Every offset from -99:99 to +99:99: those within ±23:59 move the time by themselves, the others are named.
    @Test func everyOffset() throws {
        let base = Self.glibc(2026, 11, 29).seconds * 1000
        for sign in ["+", "-"] {
            for hours in 0...99 {
                for minutes in 0...99 {
                    let offset = "\(sign)\(Self.two(hours)):\(Self.two(minutes))"
                    let text = "2026-11-29T12:00:00\(offset)"
                    if hours <= 23, minutes <= 59 {
                        let east = (hours * 60 + minutes) * (sign == "-" ? -1 : 1)
                        #expect(try epochMilliseconds(rfc3339: text) == base - east * 60_000, "\(text)")
                    } else {
                        #expect(throws: RFC3339Error(description: "the offset \(offset) is not within ±23:59"), "\(text)") {
                            try epochMilliseconds(rfc3339: text)
                        }
                    }
                }
            }
        }
    }

    /// Every hour, minute and second up to 99: each field to its bound, and glibc's time within it.
    @Test func everyClockField() throws {
        for value in 0...99 {
            let two = Self.two(value)
            for (text, bound, name) in [("2026-03-01T\(two):00:00Z", 23, "hour"), ("2026-03-01T00:\(two):00Z", 59, "minute"),
                                        ("2026-03-01T00:00:\(two)Z", 59, "second")] where value != 60 || name != "second" {
                if value <= bound {
                    let fields = [name == "hour" ? value : 0, name == "minute" ? value : 0, name == "second" ? value : 0]
                    #expect(try epochMilliseconds(rfc3339: text) == Self.glibc(2026, 3, 1, fields[0], fields[1], fields[2]).seconds * 1000, "\(text)")
                } else {
                    #expect(throws: RFC3339Error(description: "\(name) \(two) is past \(bound)"), "\(text)") { try epochMilliseconds(rfc3339: text) }
                }
            }
        }
    }

    /// A leap second is 23:59:60 UTC on the last day of a month, at that instant in any offset, and reads as the last
    /// millisecond of its day; at any other time it is named.
    @Test(arguments: [2016, 2024, 2026])
    func leapSecondsEndMonths(_ year: Int) throws {
        for month in 1...12 {
            for day in 1...31 where Self.glibc(year, month, day).exists {
                let lastOfMonth = !Self.glibc(year, month, day + 1).exists
                let endOfDay = Self.glibc(year, month, day, 23, 59, 59).seconds * 1000 + 999
                let utc = "\(year)-\(Self.two(month))-\(Self.two(day))T23:59:60Z"
                // The same instant two hours east: the next day's 01:59:60 (the local date of the first of a month included).
                var next = Self.glibc(year, month, day, 23, 59, 59).seconds + 1
                var local = tm()
                gmtime_r(&next, &local)
                let east = "\(Int(local.tm_year) + 1900)-\(Self.two(Int(local.tm_mon) + 1))-\(Self.two(Int(local.tm_mday)))T01:59:60.5+02:00"
                for text in [utc, east] {
                    if lastOfMonth {
                        #expect(try epochMilliseconds(rfc3339: text) == endOfDay, "\(text)")
                    } else {
                        #expect(throws: RFC3339Error(description: "second 60 is a leap second, which only 23:59:60 UTC on the last day of a month can be"),
                                "\(text)") { try epochMilliseconds(rfc3339: text) }
                    }
                }
                #expect(epochMilliseconds(iso8601: "\(year)-\(Self.two(month))-\(Self.two(day))T12:00:60Z") == nil)
            }
        }
    }

    @Test(arguments: [
        ("2026-11-29T12:00:00Z", 1_795_953_600_000), ("2026-11-29t12:00:00z", 1_795_953_600_000),
        ("2026-11-29T12:00:00.5Z", 1_795_953_600_500), ("2026-11-29T12:00:00.123456789Z", 1_795_953_600_123),
        ("2026-11-29T14:00:00.25+02:00", 1_795_953_600_250), ("2026-11-29T12:00:00-00:00", 1_795_953_600_000),
        ("1970-01-01T00:00:00Z", 0), ("1970-01-01T01:00:00+01:00", 0), ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
    ])
    func readsTheFormsRFC3339Allows(_ text: String, _ milliseconds: Int) throws {
        #expect(try epochMilliseconds(rfc3339: text) == milliseconds)
    }

    @Test(arguments: [
        "", "2026-11-29", "2026-11-29T12:00:00", "2026-11-29 12:00:00Z", "2026-11-29T12:00Z", "2026-11-29T12:00:00.Z",
        "2026-11-29T12:00:00+0200", "2026-11-29T12:00:00+02", "2026-11-29T12:00:00Z ", "+2026-11-29T12:00:00Z", "26-11-29T12:00:00Z",
        "2026-1-29T12:00:00Z", "2026-11-29T12:00:00UTC", "2026-11-29T12:00:00+02:00Z", "２０２６-11-29T12:00:00Z", "2026-11-29T12:00:00.1e3Z",
    ])
    func refusesWhatIsNotOfItsForm(_ text: String) {
        #expect(throws: RFC3339Error.form) { try epochMilliseconds(rfc3339: text) }
    }

    @Test func namesMonthsAndTheEpoch() {
        #expect(throws: RFC3339Error(description: "there is no month 13")) { try epochMilliseconds(rfc3339: "2026-13-01T00:00:00Z") }
        #expect(throws: RFC3339Error(description: "there is no month 00")) { try epochMilliseconds(rfc3339: "2026-00-01T00:00:00Z") }
        #expect(throws: RFC3339Error(description: "before 1970-01-01T00:00:00Z, the earliest time taken")) {
            try epochMilliseconds(rfc3339: "1970-01-01T00:59:59+01:00")
        }
    }
}
