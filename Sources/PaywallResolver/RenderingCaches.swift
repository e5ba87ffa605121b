import LocaleKit
import PaywallModel

/// What a compiled snapshot keeps of the bundles it renders, each part under the key of what decides
/// it, so that a resolution copies rendered bytes instead of building and rendering JSON. Every cache
/// is bounded in bytes: requests cannot grow memory past the budget, whatever locales they send.
public final class RenderingCaches: Sendable {
    /// Room for the few thousand (paywall, locales) pairs that the 1,000 x 40 benchmark store's
    /// bundles need, a paywall's content being about 12 kB there.
    public static let defaultBudget = 48 << 20

    /// What the user's locales decide for one paywall.
    struct LocaleKey: Hashable, Sendable {
        let paywall: Int
        let mode: MatchMode
        let locales: [String]
    }

    /// A paywall's `remoteConfig` and `viewConfiguration` along one fallback order.
    struct ContentKey: Hashable, Sendable {
        let paywall: Int
        let order: [Int]
    }

    /// What decides an onboarding's or a flow's bundle: the placement, the audience and variation
    /// chosen, and the request's locales, mode and country (a flow's paywalls show prices).
    struct ShownKey: Hashable, Sendable {
        let placementID: String
        let audience: Int
        let variation: Int
        let mode: MatchMode
        let locales: [String]
        let country: String?
    }

    /// A product offer: its title, price and the locale it is formatted for.
    struct OfferKey: Hashable, Sendable {
        let productKey: String
        let titleLocale: String?
        let price: Int?
        let formattingLocale: String?
    }

    /// The largest part: each choice holds its paywall's content, and is charged for it.
    let paywallLocales: BoundedCache<LocaleKey, PaywallLocaleChoice>
    /// So that locale lists with the same fallback order share one rendered content.
    let contents: BoundedCache<ContentKey, RenderedPiece>
    /// So that choices sharing a product, price and formatting locale format them once.
    let offers: BoundedCache<OfferKey, RenderedPiece>
    /// Parsing a preference costs ICU calls; the same few hundred device locales come again and again.
    let preferences: BoundedCache<String, Preference>
    /// Onboardings' and flows' bundles but their snapshot member, whole: they are resolved and rendered
    /// as the store path does it, which is slow to do per request.
    let shownBundles: BoundedCache<ShownKey, RenderedPiece>

    /// - Parameter budget: bytes, of which the locale choices (with the content they hold) take two
    ///   thirds and the other caches share the rest.
    init(budget: Int) {
        paywallLocales = BoundedCache(budget: budget / 3 * 2)
        contents = BoundedCache(budget: budget / 6)
        shownBundles = BoundedCache(budget: budget / 12)
        offers = BoundedCache(budget: budget / 24)
        preferences = BoundedCache(budget: budget / 24)
    }

    /// Entries and bytes kept, over all caches (content held by choices counted with them).
    public var usage: (count: Int, cost: Int) {
        [paywallLocales.usage, contents.usage, shownBundles.usage, offers.usage, preferences.usage].reduce((0, 0)) {
            ($0.0 + $1.count, $0.1 + $1.cost)
        }
    }
}
