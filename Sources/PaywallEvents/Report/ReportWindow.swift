/// A report's window of first exposures cut where the sums kept per UTC day (`ExposureTables.sums`) can answer: the
/// whole days inside it, read from the sums, and the parts of the days it cuts, at most two, read from the states.
struct ReportWindow: Equatable {
    /// The whole days, as days since 1970: from `firstDay` up to `endDay` (excluded; nil for no end). Empty when
    /// `endDay` is not after `firstDay`.
    let firstDay: Int64
    let endDay: Int64?
    /// The two ranges of first-exposure times (epoch milliseconds) outside the whole days, each empty or within a day.
    let cutDays: [Range<Int64>]

    /// The window from `since` (included) to `until` (excluded), epoch milliseconds (either nil for no bound); a bound
    /// before 1970, which no time read as RFC 3339 is and no event has, is 1970.
    init(since: Int64?, until: Int64?) {
        let since = max(0, since ?? 0), until = until.map { max(0, $0) }, day = ExposureTables.dayMilliseconds
        let firstDay = ExposureTables.day(of: since) + (since % day == 0 ? 0 : 1)
        guard let until else {
            (self.firstDay, endDay) = (firstDay, nil)
            cutDays = [since..<(firstDay * day), 0..<0]
            return
        }
        let endDay = ExposureTables.day(of: until)
        if firstDay < endDay {
            (self.firstDay, self.endDay) = (firstDay, endDay)
            cutDays = [since..<(firstDay * day), (endDay * day)..<until]
        } else {
            // No whole day: the states of the window itself.
            (self.firstDay, self.endDay) = (firstDay, firstDay)
            cutDays = [since..<max(since, until), 0..<0]
        }
    }
}
