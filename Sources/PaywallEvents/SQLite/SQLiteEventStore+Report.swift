import PaywallStore

extension SQLiteEventStore {
    /// `ReportStatement` over `events.sqlite`: one statement, so one state of the file.
    public func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies {
        let statement = try database.prepare(ReportStatement(query: query).text(in: .sqlite))
        try statement.bind(query.placementID, query.since, query.until)
        return try ReportStatement.tallies(from: statement.rows { row in (0..<row.columnCount).map { row.optionalText(at: $0) } })
    }
}
