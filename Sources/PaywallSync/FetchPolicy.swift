/// The vendor SDK's `fetchPolicy` (docs/contracts.md), for a resolve from the command line: whether the placement's
/// source is synced before the store answers. A sync that fails or runs out of time leaves the last
/// good snapshot to answer, as the SDK returns its cache.
public enum FetchPolicy: Sendable, Equatable {
    /// Sync first, then answer: a conditional request, so an unchanged export costs one 304. The SDK's
    /// default, for users who should always get the newest data.
    case reloadRevalidatingCacheData
    /// Answer from the store; sync only when no current snapshot has the placement.
    case returnCacheDataElseLoad
    /// Sync first when the source's last good sync or import is older than `maxAge`.
    case returnCacheDataIfNotExpiredElseLoad(maxAge: Duration)
}
