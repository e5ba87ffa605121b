/// Epoch milliseconds (0 up to the end of year 9999) as RFC 3339 in UTC:
/// `1795953600000` → `2026-11-29T12:00:00Z`; milliseconds are written only when there are some.
func iso8601UTC(epochMilliseconds: Int) -> String {
    let (seconds, milliseconds) = epochMilliseconds.quotientAndRemainder(dividingBy: 1000)
    let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let day = CivilDate(daysSinceEpoch: days).text
    let time = "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
    return "\(day)T\(time)" + (milliseconds > 0 ? ".\(padded(milliseconds, 3))" : "") + "Z"
}

func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// The one reader of dates and times from outside (events' `created_at`, exports' `exported_at`, the report's
/// `since` and `until`) and of those the store keeps: an RFC 3339 date and time (§5.6: `2026-11-29T12:00:00Z`,
/// `…T14:00:00.5+02:00`, `T` and `Z` in either case) as epoch milliseconds; nil when it is not one, or falls
/// before 1970 (`epochMilliseconds(rfc3339:)` says why).
public func epochMilliseconds(iso8601 text: String) -> Int? {
    try? epochMilliseconds(rfc3339: text)
}

/// `text`, an RFC 3339 date and time from 1970 on, as epoch milliseconds.
///
/// Every field is checked (§5.7): the day within its month (February 29 in leap years only), hours to 23,
/// minutes and seconds to 59, offsets to ±23:59. A leap second, `23:59:60` in UTC on the last day of a month
/// (at the same instant in any other offset), reads as the last millisecond of that day: epoch time has no
/// place for it, and it stays in its day. Fraction digits past milliseconds are dropped.
public func epochMilliseconds(rfc3339 text: String) throws(RFC3339Error) -> Int {
    var text = text
    return try text.withUTF8 { utf8 in
        Result { () throws(RFC3339Error) in try RFC3339Reading(bytes: UnsafeRawBufferPointer(utf8)).epochMilliseconds() }
    }.get()
}

/// Why a text is no RFC 3339 date and time from 1970 on: a message for people (`2026-02 has no day 31`).
public struct RFC3339Error: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    static let form = RFC3339Error(description: "expected an RFC 3339 date and time such as 2026-11-29T12:00:00Z")
}

/// `date-time` of RFC 3339 §5.6 read over its bytes: every field has its fixed place, up to the fraction.
private struct RFC3339Reading {
    let bytes: UnsafeRawBufferPointer

    func epochMilliseconds() throws(RFC3339Error) -> Int {
        guard bytes.count >= 20, let year = number(at: 0, digits: 4), bytes[4] == UInt8(ascii: "-"), let month = number(at: 5, digits: 2),
              bytes[7] == UInt8(ascii: "-"), let day = number(at: 8, digits: 2), bytes[10] | 0x20 == UInt8(ascii: "t"),
              let hour = number(at: 11, digits: 2), bytes[13] == UInt8(ascii: ":"), let minute = number(at: 14, digits: 2),
              bytes[16] == UInt8(ascii: ":"), let second = number(at: 17, digits: 2),
              case let (milliseconds, zoneStart)? = fraction(from: 19), let offsetMinutes = try offsetMinutes(at: zoneStart)
        else { throw .form }
        guard (1...12).contains(month) else { throw RFC3339Error(description: "there is no month \(text(5..<7))") }
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw RFC3339Error(description: "\(text(0..<7)) has no day \(text(8..<10))")
        }
        guard hour <= 23 else { throw RFC3339Error(description: "hour \(text(11..<13)) is past 23") }
        guard minute <= 59 else { throw RFC3339Error(description: "minute \(text(14..<16)) is past 59") }
        guard second <= 60 else { throw RFC3339Error(description: "second \(text(17..<19)) is past 59") }
        // Every field is bounded by now: no sum below can overflow.
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60
        guard seconds >= 0 else { throw RFC3339Error(description: "before 1970-01-01T00:00:00Z, the earliest time taken") }
        guard second == 60 else { return seconds * 1000 + milliseconds }
        let (utcDay, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
        guard secondOfDay == 86_399, CivilDate(daysSinceEpoch: utcDay).isLastOfMonth else {
            throw RFC3339Error(description: "second 60 is a leap second, which only 23:59:60 UTC on the last day of a month can be")
        }
        return seconds * 1000 + 999
    }

    /// The bytes of `range`, as text for a message (ASCII digits, once read).
    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The decimal number of `digits` ASCII digits at `start`, or nil.
    private func number(at start: Int, digits: Int) -> Int? {
        guard start + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + digits)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `time-secfrac` (`.` and at least one digit) at `start`, if there is one, as milliseconds; and where the
    /// offset starts.
    private func fraction(from start: Int) -> (milliseconds: Int, offsetStart: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: ".") else { return (0, start) }
        var end = start + 1
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        let digits = end - start - 1
        guard digits > 0, let kept = number(at: start + 1, digits: min(digits, 3)) else { return nil }
        return (kept * [100, 10, 1][min(digits, 3) - 1], end)
    }

    /// `time-offset` at `start`, ending the text, in minutes east of UTC: `Z` is 0, `+hh:mm` and `-hh:mm` go to
    /// ±23:59. Nil when it is not of that form.
    private func offsetMinutes(at start: Int) throws(RFC3339Error) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return start + 1 == bytes.count ? 0 : nil
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard start + 6 == bytes.count, let hours = number(at: start + 1, digits: 2), bytes[start + 3] == UInt8(ascii: ":"),
                  let minutes = number(at: start + 4, digits: 2) else { return nil }
            guard hours <= 23, minutes <= 59 else {
                throw RFC3339Error(description: "the offset \(text(start..<(start + 6))) is not within ±23:59")
            }
            return (hours * 60 + minutes) * (bytes[start] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
    }
}
