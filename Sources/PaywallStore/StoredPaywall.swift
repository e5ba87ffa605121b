import PaywallModel

/// What resolution needs of a paywall without its localizations' contents.
public struct StoredPaywall: Sendable, Equatable {
    public let id: String
    /// What variations refer to it by (`Paywall.key`).
    public let key: String
    public let name: String
    public let productKeys: [String]
    public let defaultLocale: String
    public let view: ViewConfiguration?
    /// Localization keys as the export spells them, in export order.
    public let locales: [String]
    /// For each locale, what the publisher's `localeIdentity` said of it ("" for nothing); empty when
    /// it was published without one. Resolution reads these instead of parsing every key again.
    public let localeIdentities: [String]

    public init(id: String, name: String, productKeys: [String], defaultLocale: String, view: ViewConfiguration?,
                locales: [String], localeIdentities: [String] = [], key: String? = nil) {
        self.id = id
        self.key = key ?? id
        self.name = name
        self.productKeys = productKeys
        self.defaultLocale = defaultLocale
        self.view = view
        self.locales = locales
        self.localeIdentities = localeIdentities
    }

    init(_ paywall: Paywall, localeIdentity: ((String) -> String?)?) {
        let locales = paywall.localizations.map(\.locale)
        self.init(id: paywall.id, name: paywall.name, productKeys: paywall.productKeys, defaultLocale: paywall.defaultLocale,
                  view: paywall.view, locales: locales, localeIdentities: localeIdentity.map { identity in locales.map { identity($0) ?? "" } } ?? [],
                  key: paywall.key)
    }
}
