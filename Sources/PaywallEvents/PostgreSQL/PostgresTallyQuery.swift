import PaywallStore

/// The sums of a conversion report, made by PostgreSQL: one statement returns a row per placement, group and
/// variation (exposures, conversions, multiple exposures), per currency of those (revenue) and per placement and
/// snapshot (first exposures), so that what crosses the wire does not grow with the events.
enum PostgresTallyQuery {
    /// Parameters: `$1` the placement, `$2` since and `$3` until (epoch milliseconds), each NULL for any.
    /// - Parameter groupBy: the events column the report is split by, or nil.
    static func text(groupBy: String?) -> String {
        let window = "($1::text IS NULL OR placement = $1) AND ($2::bigint IS NULL OR created_at >= $2) AND ($3::bigint IS NULL OR created_at < $3)"
        return """
            WITH shown AS MATERIALIZED (
                SELECT placement, profile, variation, created_at, event_id, snapshot, \(groupBy ?? "NULL::text") AS grp
                FROM paywalls_events WHERE type = 'shown' AND \(window)
            ), exposed AS MATERIALIZED (
                SELECT DISTINCT ON (placement, profile) placement, profile, variation, created_at, snapshot, grp
                FROM shown ORDER BY placement, profile, created_at, event_id
            ), several AS (
                SELECT placement, profile FROM shown GROUP BY placement, profile HAVING min(variation) <> max(variation)
            ), bought AS MATERIALIZED (
                SELECT x.placement, x.profile, x.grp, x.variation, p.currency, p.price_micros
                FROM exposed x JOIN paywalls_events p ON p.placement = x.placement AND p.profile = x.profile
                WHERE p.type = 'purchase_finished' AND p.purchase_result = 'purchased' AND p.created_at >= x.created_at
                    AND ($2::bigint IS NULL OR p.created_at >= $2) AND ($3::bigint IS NULL OR p.created_at < $3)
            ), converted AS (
                SELECT DISTINCT placement, profile FROM bought
            )
            SELECT 0, x.placement, x.grp, x.variation, NULL, count(*), count(c.profile), count(s.profile)
                FROM exposed x LEFT JOIN converted c USING (placement, profile) LEFT JOIN several s USING (placement, profile)
                GROUP BY x.placement, x.grp, x.variation
            UNION ALL
            SELECT 1, placement, grp, variation, currency, sum(price_micros), 0, 0 FROM bought
                WHERE currency IS NOT NULL AND price_micros IS NOT NULL GROUP BY placement, grp, variation, currency
            UNION ALL
            SELECT 2, placement, NULL, NULL, snapshot, count(*), 0, 0 FROM exposed WHERE snapshot IS NOT NULL GROUP BY placement, snapshot
            """
    }

    /// The sums of the statement's rows. A number that does not read (a count past Int, a sum past Int128, neither
    /// of which a table can hold) is `corrupt` rather than read as another.
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
                tallies.sums[key, default: .init()].revenueMicros[row[4] ?? ""] = try number(row[5])
            default:
                tallies.snapshots[placementID, default: [:]][row[4] ?? ""] = try number(row[5])
            }
        }
        return tallies
    }

    private static func number<Number: FixedWidthInteger>(_ text: String?) throws(StoreError) -> Number {
        guard let text, let number = Number(text) else {
            throw StoreError(kind: .corrupt, message: "PostgreSQL answered a sum of the events that is no \(Number.self): "
                             + (text.map { "'\($0.prefix(64))'" } ?? "NULL"))
        }
        return number
    }
}
