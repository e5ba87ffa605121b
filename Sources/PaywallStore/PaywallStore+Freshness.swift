import PaywallModel

extension SourceState {
    /// When the source last had good data, in epoch milliseconds: its newest successful sync (a 304
    /// counts: the data was checked and is current) or the import of `current`, its current snapshot,
    /// whichever is later; nil when it has neither.
    public func lastGoodData(current: SnapshotInfo?) -> Int? {
        [succeededAt, current?.importedAt].compactMap { $0.flatMap { epochMilliseconds(iso8601: $0) } }.max()
    }
}

extension PaywallStore {
    /// `SourceState.lastGoodData(current:)` of `source`, read from the store.
    public func lastGoodData(of source: String) throws(StoreError) -> Int? {
        try self.source(named: source)?.lastGoodData(current: try currentSnapshot(of: source))
    }
}
