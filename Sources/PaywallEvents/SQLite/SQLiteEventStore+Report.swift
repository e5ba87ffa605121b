import PaywallStore

extension SQLiteEventStore {
    /// `ReportStatement` over `events.sqlite`: one statement, so one state of the file.
    public func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies {
        let report = ReportStatement(query: query)
        let statement = try database.prepare(report.text(in: .sqlite))
        try statement.set(1, query.placementID)
        for (index, parameter) in report.windowParameters.enumerated() { try statement.set(Int32(index + 2), parameter) }
        return try ReportStatement.tallies(from: statement.rows { row in (0..<row.columnCount).map { row.optionalText(at: $0) } })
    }
}
