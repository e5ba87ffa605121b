import PaywallModel

/// The reads resolution makes of one snapshot, each by id (placements) or key (what variations and
/// paywalls refer to: the element's `key`): the store answers them with SQLite, a `ResolutionImage`
/// from its mapped file. Where a snapshot repeats one, the first in export order wins.
public protocol SnapshotReader {
    /// In export order.
    func placementIDs(in snapshot: SnapshotInfo) throws(StoreError) -> [String]
    func placement(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> StoredPlacement?
    func paywall(_ key: String, in snapshot: SnapshotInfo) throws(StoreError) -> StoredPaywall?
    func onboarding(_ key: String, in snapshot: SnapshotInfo) throws(StoreError) -> Onboarding?
    func flow(_ key: String, in snapshot: SnapshotInfo) throws(StoreError) -> Flow?
    /// The paywall's localizations for `locales`, spelled as in the export, in the order asked; locales
    /// it does not have are skipped.
    func localizations(ofPaywall key: String, locales: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [Localization]
    /// In the order of `keys`; keys the snapshot does not have are skipped.
    func products(_ keys: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [Product]
    /// The texts of `keys` formatted for `locale` (a canonical tag) at import; keys without one are left out.
    func formattedTexts(for locale: String, keys: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [String: String]
    /// ICU's answers about the snapshot's locales, as `LocaleFacts` recorded them at import; nil for a
    /// snapshot published without.
    func localeFacts(of snapshot: SnapshotInfo) throws(StoreError) -> String?
}

extension PaywallStore: SnapshotReader {}
extension ResolutionImage: SnapshotReader {}
