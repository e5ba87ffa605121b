/// Epoch milliseconds (0 up to the end of year 9999) as ISO 8601 in UTC:
/// `1795953600000` → `2026-11-29T12:00:00Z`; milliseconds are written only when there are some.
func iso8601UTC(epochMilliseconds: Int) -> String {
    let (seconds, milliseconds) = epochMilliseconds.quotientAndRemainder(dividingBy: 1000)
    let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
    // Days to a civil date (H. Hinnant's algorithm): 400-year eras counted from 0000-03-01, so that
    // the leap day ends a year.
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted % 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = era * 400 + yearOfEra + (month <= 2 ? 1 : 0)
    let date = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    let time = "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))"
    return "\(date)T\(time)" + (milliseconds > 0 ? ".\(padded(milliseconds, 3))" : "") + "Z"
}

private func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
