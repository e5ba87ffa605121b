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

    public init(id: String, name: String, productIDs: [String], defaultLocale: String, view: ViewConfiguration?,
                locales: [String]) {
        self.id = id
        self.name = name
        self.productIDs = productIDs
        self.defaultLocale = defaultLocale
        self.view = view
        self.locales = locales
    }

    init(_ paywall: Paywall) {
        self.init(id: paywall.id, name: paywall.name, productIDs: paywall.productIDs, defaultLocale: paywall.defaultLocale,
                  view: paywall.view, locales: paywall.localizations.map(\.locale))
    }
}
