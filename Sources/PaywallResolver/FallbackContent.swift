import LocaleKit
import PaywallModel

/// What every file of a `FallbackFileSet` shares: the format version, the export's content by id, and
/// the locale policy whose `cldr` chains localize it.
struct FallbackContent {
    let version: Int
    let revision: Int
    let exportedAt: String
    let paywalls: [String: Paywall]
    let onboardings: [String: Onboarding]
    let flows: [String: Flow]
    let products: [String: Product]
    let policy: LocalePolicy

    init(export: PaywallExport, version: Int, policy: LocalePolicy) {
        self.version = version
        revision = export.revision
        exportedAt = export.exportedAt
        paywalls = Self.byID(export.paywalls, \.id)
        onboardings = Self.byID(export.onboardings, \.id)
        flows = Self.byID(export.flows, \.id)
        products = Self.byID(export.products, \.id)
        self.policy = policy
    }

    /// The paywall's localizations along the `cldr` chain of `locale`, most specific first.
    func chain(of paywall: Paywall, for locale: String) -> [Localization] {
        let available = paywall.localizations.map(\.locale)
        let match = LocaleMatcher(available: available, defaultLocale: paywall.defaultLocale, mode: .cldr, policy: policy).match([locale])
        return match.fallbackOrder.map { paywall.localizations[$0] }
    }

    private static func byID<Element>(_ elements: [Element], _ id: (Element) -> String) -> [String: Element] {
        Dictionary(elements.map { (id($0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
