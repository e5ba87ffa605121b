import PaywallStore

/// What a resolve under a fetch policy does before it answers, decided from what the store holds.
/// The placement's source is the one asked for, else the one whose current snapshot answers for the
/// placement now (the first in answer order that has it): revalidating another would not change the
/// answer. A placement no current snapshot has is loaded from every configured source.
public enum FetchPlan: Sendable, Equatable {
    /// The store answers as it is.
    case answer(reason: String)
    /// Sync these sources first (config order).
    case sync([String], reason: String)
    /// The policy wants the answering source synced, but the sync config does not name it (an
    /// imported source): its snapshot answers as it is.
    case unconfigured(String, reason: String)

    public var reason: String {
        switch self {
        case let .answer(reason), let .sync(_, reason), let .unconfigured(_, reason): reason
        }
    }
}

extension FetchPolicy {
    /// The plan for resolving `placementID` from `store` (nil when there is none yet).
    /// - Parameters:
    ///   - source: `--source`, one of `configured`; nil for the source that answers.
    ///   - configured: the sync config's sources, in its order.
    ///   - now: epoch milliseconds, to age the source's data by.
    public func plan(placementID: String, source: String?, configured: [String], store: PaywallStore?,
                     now: Int) throws(StoreError) -> FetchPlan {
        guard let store, let answering = try Self.snapshot(answering: placementID, source: source, in: store) else {
            let scope = source.map { " of source '\($0)'" } ?? ""
            let loaded = source.map { [$0] } ?? configured
            return .sync(loaded, reason: "no current snapshot\(scope) has placement '\(placementID)': loading \(loaded.joined(separator: ", "))")
        }
        let found = "snapshot \(answering.key) of source '\(answering.source)' has placement '\(placementID)'"
        switch self {
        case .returnCacheDataElseLoad:
            return .answer(reason: "\(found): answering from it")
        case .reloadRevalidatingCacheData:
            return revalidating(answering.source, configured: configured, reason: found)
        case let .returnCacheDataIfNotExpiredElseLoad(maxAge):
            let age = try store.lastGoodData(of: answering.source).map { Duration.milliseconds(max(0, now - $0)) }
            let aged = "its last good sync or import was \(age.map { "\($0.wholeMilliseconds / 1000) s ago" } ?? "never")"
            guard let age, age <= maxAge else {
                return revalidating(answering.source, configured: configured, reason: "\(found); \(aged), older than the max age of \(maxAge.spoken)")
            }
            return .answer(reason: "\(found); \(aged), within the max age of \(maxAge.spoken): answering from it")
        }
    }

    private func revalidating(_ source: String, configured: [String], reason: String) -> FetchPlan {
        guard configured.contains(source) else {
            return .unconfigured(source, reason: "\(reason); the sync config has no source '\(source)': answering from it as it is")
        }
        return .sync([source], reason: "\(reason): syncing it first")
    }

    /// The current snapshot that answers for the placement now: of `source`, else the first in
    /// answer order that has it.
    private static func snapshot(answering placementID: String, source: String?, in store: PaywallStore) throws(StoreError) -> SnapshotInfo? {
        let candidates = if let source { try store.currentSnapshot(of: source).map { [$0] } ?? [] } else { try store.currentSnapshots() }
        for candidate in candidates where try store.reader(of: candidate).placement(placementID) != nil {
            return candidate
        }
        return nil
    }
}
