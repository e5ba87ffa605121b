import PaywallModel
import PaywallStore

/// The sums of a conversion report as one statement over the exposure state, the same in both stores but for the
/// dialect: a row per placement, group and variation (exposures, conversions, multiple exposures), per currency of
/// those (revenue, in the two halves `ExposureTables.revenue` keeps), per placement and snapshot (first exposures) and
/// per UTC day of a row of the first kind (first exposures). The window is a cohort: the profiles whose first exposure
/// falls in it, with what they bought after it, whenever that was. Its whole days are read from the sums kept per day,
/// the days it cuts from the states of their profiles (`ReportWindow`): the statement reads rows per day and value
/// reported, and per profile only in the days cut.
struct ReportStatement {
    let query: ReportQuery

    /// Parameters: 1 the placement (NULL for any), 2 and 3 the whole days (`ReportWindow`; 3 NULL for no end), 4 to 7
    /// the two ranges of first-exposure times in the days cut. Those are read from the states, in SQLite by a scan of the
    /// placement's (`EventSchema`'s fifth step says why): the first condition, on parameters only, is decided before any
    /// row is read, so that a window of whole days reads no state.
    func text(in dialect: SQLDialect) -> String {
        let (exposures, revenue) = (dialect.table(ExposureTables.exposures.name), dialect.table(ExposureTables.revenue.name))
        let (sums, revenueSums) = (dialect.table(ExposureTables.sums.name), dialect.table(ExposureTables.revenueSums.name))
        let placement = "(\(dialect.parameter(1, .text)) IS NULL OR placement = \(dialect.name(ofText: dialect.parameter(1, .text))))"
        let (firstDay, endDay) = (dialect.parameter(2, .integer), dialect.parameter(3, .integer))
        let days = "\(placement) AND day >= \(firstDay) AND (\(endDay) IS NULL OR day < \(endDay))"
        let cut = (4...7).map { dialect.parameter($0, .integer) }
        let group = query.groupBy?.column ?? (dialect == .postgres ? "NULL::text" : "NULL")
        let said = { (column: String) in "NULLIF(\(column), \(dialect.absentName))" }
        let text = dialect.text(ofName:)
        return """
            WITH cut AS (
                SELECT placement, profile, created_at, variation, snapshot, \(group) AS grp, several, converted FROM \(exposures)
                WHERE (\(cut[0]) < \(cut[1]) OR \(cut[2]) < \(cut[3])) AND \(placement)
                    AND (created_at >= \(cut[0]) AND created_at < \(cut[1]) OR created_at >= \(cut[2]) AND created_at < \(cut[3]))
            ), cohort AS (
                SELECT placement, \(said(group)) AS grp, variation, \(said("snapshot")) AS snapshot, day, exposures, conversions, several
                    FROM \(sums) WHERE \(days)
                UNION ALL SELECT placement, grp, variation, snapshot, created_at / \(ExposureTables.dayMilliseconds), 1, converted, several FROM cut
            ), cohort_revenue AS (
                SELECT placement, \(said(group)) AS grp, variation, currency, micros_high, micros_low FROM \(revenueSums) WHERE \(days)
                UNION ALL SELECT c.placement, c.grp, c.variation, r.currency, r.micros_high, r.micros_low
                    FROM cut c JOIN \(revenue) r ON r.placement = c.placement AND r.profile = c.profile
            )
            SELECT 0, \(text("placement")), \(text("grp")), \(text("variation")), NULL, sum(exposures), sum(conversions), sum(several)
                FROM cohort GROUP BY placement, grp, variation
            UNION ALL
            SELECT 1, \(text("placement")), \(text("grp")), \(text("variation")), \(text("currency")), sum(micros_high), sum(micros_low), 0
                FROM cohort_revenue GROUP BY placement, grp, variation, currency
            UNION ALL
            SELECT 2, \(text("placement")), NULL, NULL, \(text("snapshot")), sum(exposures), 0, 0
                FROM cohort WHERE snapshot IS NOT NULL GROUP BY placement, snapshot
            UNION ALL
            SELECT 3, \(text("placement")), \(text("grp")), \(text("variation")), CAST(day AS TEXT), sum(exposures), 0, 0
                FROM cohort GROUP BY placement, grp, variation, day
            """
    }

    /// The statement's parameters after the placement, in order.
    var windowParameters: [Int64?] {
        let window = ReportWindow(since: query.since, until: query.until)
        return [window.firstDay, window.endDay] + window.cutDays.flatMap { [$0.lowerBound, $0.upperBound] }
    }

    /// The sums of the statement's rows, read as text. A number that does not read (a count past Int, a sum past
    /// Int128, neither of which a table can hold) is `corrupt` rather than read as another.
    static func tallies(from rows: [[String?]]) throws(StoreError) -> ConversionTallies {
        var tallies = ConversionTallies()
        for row in rows {
            let placementID = row[1] ?? ""
            let key = ConversionTallies.Key(placementID: placementID, group: row[2], variationID: row[3] ?? "")
            switch row[0] {
            case "0":
                tallies.sums[key, default: .init()].exposures = try number(row[5])
                tallies.sums[key]!.conversions = try number(row[6])
                tallies.sums[key]!.multipleExposures = try number(row[7])
            case "1":
                let (high, low): (Int128, Int128) = (try number(row[5]), try number(row[6]))
                let (shifted, overflow) = high.multipliedReportingOverflow(by: 1 << 32)
                guard !overflow, case let (sum, false) = shifted.addingReportingOverflow(low) else {
                    throw StoreError(kind: .corrupt, message: "the event store answered a revenue past 128 bits")
                }
                tallies.sums[key, default: .init()].revenueMicros[row[4] ?? ""] = sum
            case "3":
                guard let day = row[4].flatMap({ Int($0) }).flatMap(CivilDate.init(checkedDaysSinceEpoch:)) else {
                    throw StoreError(kind: .corrupt, message: "the event store answered a day of first exposures that is none: "
                                     + (row[4].map { "'\($0.prefix(64))'" } ?? "NULL"))
                }
                tallies.sums[key, default: .init()].exposuresPerDay[day.text] = try number(row[5])
            default:
                tallies.snapshots[placementID, default: [:]][row[4] ?? ""] = try number(row[5])
            }
        }
        return tallies
    }

    private static func number<Number: FixedWidthInteger>(_ text: String?) throws(StoreError) -> Number {
        guard let text, let number = Number(text) else {
            throw StoreError(kind: .corrupt, message: "the event store answered a sum of the events that is no \(Number.self): "
                             + (text.map { "'\($0.prefix(64))'" } ?? "NULL"))
        }
        return number
    }
}
