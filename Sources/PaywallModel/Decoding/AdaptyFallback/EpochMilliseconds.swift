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

/// The inverse of `iso8601UTC(epochMilliseconds:)`, for writing the vendor's `response_created_at`:
/// an ISO 8601 date and time (`2026-11-29T12:00:00Z`, `…T14:00:00.5+02:00`) as epoch milliseconds, or
/// nil when it is not one, or falls before 1970 (fraction digits past milliseconds are dropped).
public func epochMilliseconds(iso8601 text: String) -> Int? {
    guard isTimestamp(text) else { return nil }
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
    let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
    let (hour, minute, second) = (number(11..<13), number(14..<16), number(17..<19))
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
    var index = 19
    var milliseconds = 0
    if bytes[index] == UInt8(ascii: ".") {
        index += 1
        var scale = 100
        while index < bytes.count, (48...57).contains(bytes[index]) {
            milliseconds += Int(bytes[index] - 48) * scale
            scale /= 10
            index += 1
        }
    }
    var offsetMinutes = 0
    if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        offsetMinutes = (number(index + 1..<index + 3) * 60 + number(index + 4..<index + 6)) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
    }
    // Civil date to days since 1970-01-01 (H. Hinnant's algorithm, the inverse of the one above).
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
    return seconds < 0 ? nil : seconds * 1000 + milliseconds
}
