import PaywallStore

/// The sums of a conversion report as one statement over the exposure state, the same in both stores but for the
/// dialect: a row per placement, group and variation (exposures, conversions, multiple exposures), per currency of
/// those (revenue, in the two halves `ExposureTables.revenue` keeps) and per placement and snapshot (first exposures).
/// It reads a row per exposed profile, however many events each has. The window is a cohort: the profiles whose
/// first exposure falls in it, with what they bought after it, whenever that was.
struct ReportStatement {
    let query: ReportQuery

    /// Parameters: 1 the placement, 2 since and 3 until (epoch milliseconds), each NULL for any.
    func text(in dialect: SQLDialect) -> String {
        let exposures = dialect.table(ExposureTables.exposures.name), revenue = dialect.table(ExposureTables.revenue.name)
        let placement = dialect.parameter(1, .text), since = dialect.parameter(2, .integer), until = dialect.parameter(3, .integer)
        let group = query.groupBy?.column ?? (dialect == .postgres ? "NULL::text" : "NULL")
        let text = dialect.text(ofName:)
        return """
            WITH cohort AS (
                SELECT placement, profile, variation, snapshot, \(group) AS grp, several, converted FROM \(exposures)
                WHERE (\(placement) IS NULL OR placement = \(dialect.name(ofText: placement)))
                    AND (\(since) IS NULL OR created_at >= \(since)) AND (\(until) IS NULL OR created_at < \(until))
            )
            SELECT 0, \(text("placement")), \(text("grp")), \(text("variation")), NULL, count(*), sum(converted), sum(several)
                FROM cohort GROUP BY placement, grp, variation
            UNION ALL
            SELECT 1, \(text("c.placement")), \(text("c.grp")), \(text("c.variation")), \(text("r.currency")), sum(r.micros_high), sum(r.micros_low), 0
                FROM cohort c JOIN \(revenue) r ON r.placement = c.placement AND r.profile = c.profile
                GROUP BY c.placement, c.grp, c.variation, r.currency
            UNION ALL
            SELECT 2, \(text("placement")), NULL, NULL, \(text("snapshot")), count(*), 0, 0
                FROM cohort WHERE snapshot IS NOT NULL GROUP BY placement, snapshot
            """
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
