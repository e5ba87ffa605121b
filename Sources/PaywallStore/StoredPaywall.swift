import PaywallModel

/// What resolution needs of a paywall without its localizations' contents.
public struct StoredPaywall: Sendable, Equatable {
    public let id: String
    public let name: String
    public let productIDs: [String]
    public let defaultLocale: String
    public let view: ViewConfiguration?
    /// Localization keys as the export spells them, in export order.
    public let locales: [String]
    /// For each locale, what the publisher's `localeIdentity` said of it ("" for nothing); empty when
    /// it was published without one. Resolution reads these instead of parsing every key again.
    public let localeIdentities: [String]

    public init(id: String, name: String, productIDs: [String], defaultLocale: String, view: ViewConfiguration?,
                locales: [String], localeIdentities: [String] = []) {
        self.id = id
        self.name = name
        self.productIDs = productIDs
        self.defaultLocale = defaultLocale
        self.view = view
        self.locales = locales
        self.localeIdentities = localeIdentities
    }

    init(_ paywall: Paywall, localeIdentity: ((String) -> String?)?) {
        let locales = paywall.localizations.map(\.locale)
        self.init(id: paywall.id, name: paywall.name, productIDs: paywall.productIDs, defaultLocale: paywall.defaultLocale,
                  view: paywall.view, locales: locales, localeIdentities: localeIdentity.map { identity in locales.map { identity($0) ?? "" } } ?? [])
    }
}
