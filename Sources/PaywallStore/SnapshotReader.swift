import PaywallModel

/// One snapshot's contents, read by id or key as resolution reads them (what variations and paywalls
/// refer to): from the store (`StoreSnapshotReader`, each read one statement on an index) or from its
/// resolution image (`ImageSnapshotReader`, each read one probe of a mapped table). Where a snapshot
/// repeats an id, the first in export order wins.
public protocol SnapshotReader {
    var snapshot: SnapshotInfo { get }
    /// In export order.
    func placementIDs() throws(StoreError) -> [String]
    func placement(_ id: String) throws(StoreError) -> StoredPlacement?
    func paywall(_ key: String) throws(StoreError) -> StoredPaywall?
    func onboarding(_ key: String) throws(StoreError) -> Onboarding?
    func flow(_ key: String) throws(StoreError) -> Flow?
    /// The paywall's localizations for `locales`, spelled as in the export, in the order asked; locales
    /// it does not have are skipped.
    func localizations(ofPaywall key: String, locales: [String]) throws(StoreError) -> [Localization]
    /// In the order of `keys`; keys the snapshot does not have are skipped.
    func products(_ keys: [String]) throws(StoreError) -> [Product]
    /// The texts of `keys` formatted for `locale` (a canonical tag) at import; keys without one are left out.
    func formattedTexts(for locale: String, keys: [String]) throws(StoreError) -> [String: String]
    /// ICU's answers about the snapshot's locales, as `LocaleFacts` recorded them at import; nil for a
    /// snapshot published without.
    func localeFacts() throws(StoreError) -> String?
}
