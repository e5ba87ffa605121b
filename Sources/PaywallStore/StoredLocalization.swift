import PaywallModel

/// A paywall's localization as the store keeps it (a `BinaryBody`, or the JSON text of an older store),
/// decoded only when used. What a compiled snapshot holds of paywalls' contents, the bulk of an export,
/// at about the size of its text.
public struct StoredLocalization: Sendable {
    public let paywallID: String
    public let locale: String
    private let body: [UInt8]

    init(paywallID: String, locale: String, body: UnsafeRawBufferPointer) {
        self.paywallID = paywallID
        self.locale = locale
        self.body = Array(body)
    }

    /// The localization; stored bytes that do not decode are a damaged snapshot.
    public func decoded(of snapshot: SnapshotInfo) throws(StoreError) -> Localization {
        do {
            return try body.withUnsafeBytes { bytes in
                Result { () throws(StorageDecodingError) in try Localization(locale: locale, stored: .stored(bytes)) }
            }.get()
        } catch {
            throw StoreError(kind: .corrupt, message: "localization '\(locale)' of paywall '\(paywallID)' of snapshot \(snapshot.key) "
                                 + "does not decode (\(error.reason))")
        }
    }
}
