import LocaleKit
import PaywallModel
import PaywallStore

/// The audience a user falls in at a placement and the variation drawn for them: the first step of a
/// decision, and all of it that a compiled snapshot works out before it looks up a kept answer.
struct VariationChoice {
    let placement: CompiledPlacement
    /// The audience's position in the placement's audiences.
    let audienceIndex: Int
    /// The variation's position in the audience's variations.
    let variationIndex: Int
    /// The user's bucket (0..<100), when a profile id was given.
    let bucket: Int?

    var audience: Audience { placement.stored.placement.audiences[audienceIndex] }
    var variation: Variation { audience.variations[variationIndex] }
    /// The key of what the variation shows, read without copying the variation.
    var contentKey: String { placement.audiences.draws[audienceIndex].contentKeys[variationIndex] }
}

/// What decides a bundle for a request, made once by `SnapshotResolver.decide` from any
/// `ResolutionSource` and then rendered with the request: as the JSON tree `paywalls resolve` prints
/// (`SnapshotResolver.resolve(_:for:)`), or as the bytes `paywalls serve` sends (`CompiledSnapshot.answer`).
/// `--explain` and `?explain=true` describe it, so they explain what was answered. Positions and
/// references only: serving makes one per new answer.
struct BundleDecision {
    /// What the variation shows, as far as it is decided before rendering.
    enum Shown {
        case paywall(PaywallDecision)
        /// Onboardings and flows are decided as they are rendered, whole: their bundles are few and
        /// kept whole by a compiled snapshot.
        case onboarding
        case flow
    }

    let choice: VariationChoice
    let shown: Shown
}

/// What decides a paywall's part of a bundle: the paywall, what the user's locales decide for it, and
/// the price each of its products shows in the user's country.
struct PaywallDecision {
    let paywall: PaywallOffering
    let locales: PaywallLocaleDecision
    /// For each of the paywall's products, the position of the price shown, if any.
    let prices: [Int?]

    var products: [Product] { paywall.products }
    /// The paywall's locales its strings are merged from, most specific first.
    var order: [String] { locales.match.fallbackOrder.map { paywall.stored.locales[$0] } }
}

/// A paywall and the products it offers that the snapshot has, in its order: a class, so that a
/// source that keeps them (`CompiledSnapshot`) hands one out with a retain.
final class PaywallOffering: Sendable {
    let stored: StoredPaywall
    let products: [Product]
    /// The countries some product has a price of its own for: a user in any other country sees the
    /// prices of their locale's region, as a user who names no country does.
    let pricedCountries: Set<String>

    init(_ stored: StoredPaywall, products: [Product]) {
        self.stored = stored
        self.products = products
        pricedCountries = Set(products.flatMap { $0.prices.map(\.country) })
    }
}

/// What one list of locales decides for one paywall, whatever the user's country or profile: a class,
/// so that a source that keeps decisions (`CompiledSnapshot`) hands one out with a retain, and so that
/// a kept answer can name the decision it was rendered from by identity.
final class PaywallLocaleDecision: Sendable {
    let match: LocaleMatch
    let offers: OfferLocales

    init(match: LocaleMatch, offers: OfferLocales) {
        self.match = match
        self.offers = offers
    }

    /// The bytes it holds, roughly.
    var cost: Int {
        256 + 16 * (match.chain.count + match.fallbackOrder.count) + match.chain.reduce(0) { $0 + $1.utf8.count }
            + 96 * offers.titleLocales.count
    }
}

/// Names a paywall's locale decision among those a source keeps: the paywall by identity (a source
/// that keeps decisions keeps its paywalls as long), which is cheaper to hash than its key.
struct PaywallLocaleKey: Hashable, Sendable {
    let paywall: ObjectIdentifier
    let mode: MatchMode
    let locales: [String]
}

/// How a paywall's (or a flow paywall's) products are offered to users of one locale list: the locale
/// of each title, the locale prices and periods are written in, and the price each shows when the
/// user's country has none. A class, read from kept decisions without copying its fields.
final class OfferLocales: Sendable {
    let formattingLocale: LanguageTag?
    let titleLocales: [String?]
    let localePrices: [Int?]

    init(formattingLocale: LanguageTag?, titleLocales: [String?], localePrices: [Int?]) {
        self.formattingLocale = formattingLocale
        self.titleLocales = titleLocales
        self.localePrices = localePrices
    }

    /// The price positions for a user in `country` (as requested): its own price where a product has
    /// one, else the locale's.
    func prices(of products: [Product], country: String?) -> [Int?] {
        // Most requests name no country, or one the products have no price for.
        guard let country = country?.uppercased() else { return localePrices }
        return zip(products, localePrices).map { product, localePrice in
            product.prices.firstIndex { $0.country == country } ?? localePrice
        }
    }
}
