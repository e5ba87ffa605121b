/// A day of the proleptic Gregorian calendar, as RFC 3339 (§5.7) and HTTP dates name it: a year of four
/// digits, a month, and a day within that month (February 29 in leap years only).
public struct CivilDate: Equatable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date, or nil when there is no such day (`2026-02-29`, `2026-04-31`, month 13, year 10000).
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `days` after 1970-01-01 (before it when negative), for `days` of the years 0000 to 9999.
    init(daysSinceEpoch days: Int) {
        // H. Hinnant's algorithm: 400-year eras counted from 0000-03-01, so that the leap day ends a year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
    }

    /// The day `days` after 1970-01-01, when it falls in the years up to 9999: a count read from outside.
    public init?(checkedDaysSinceEpoch days: Int) {
        guard (0...Self.lastDaySinceEpoch).contains(days) else { return nil }
        self.init(daysSinceEpoch: days)
    }

    /// 9999-12-31, the last day a date may be.
    static let lastDaySinceEpoch = 2_932_896

    /// `2026-11-29`, as RFC 3339 writes a date.
    public var text: String {
        "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Days since 1970-01-01, negative before it (the inverse of `init(daysSinceEpoch:)`).
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether this is the last day of its month, where a leap second may end the day.
    var isLastOfMonth: Bool {
        day == Self.days(inMonth: month, of: year)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}
