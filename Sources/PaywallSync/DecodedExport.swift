import LocaleKit
import PaywallModel
import PaywallStore

/// An export read from a file, with the hash of its JSON value (`ValueHasher`): the same hash is the
/// same content, however the file spells it.
public struct DecodedExport {
    public let export: PaywallExport
    /// Hex SHA-256 of the document's canonical form.
    public let contentHash: String
    /// The locale policy its locale keys were checked against, and in force when it is resolved.
    public let policy: LocalePolicy
}

extension PaywallStore {
    /// Publishes `decoded` as `source`'s new snapshot, unless it is the content of the current one (see
    /// `publish`), keeping what a cold resolution would otherwise ask ICU: each localization key's
    /// identity, prices and periods formatted for the locales of the paywalls that sell them, ICU's answers
    /// about the export's locales. Nothing of it is worked out for content that is already current.
    public func publish(_ decoded: DecodedExport, source: String, importedAt: String = Timestamp.now(),
                        retention: Int = defaultRetention) throws(StoreError) -> PublishOutcome {
        try publish(decoded.export, source: source, contentHash: decoded.contentHash, importedAt: importedAt, retention: retention,
                    localeIdentity: { LocaleIdentity(of: $0)?.serialized }, formattedTexts: decoded.export.formattedTexts(),
                    localeFacts: decoded.export.localeFacts(policy: decoded.policy))
    }
}
