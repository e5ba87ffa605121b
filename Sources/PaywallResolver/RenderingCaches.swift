import LocaleKit
import PaywallModel

/// What a compiled snapshot keeps of what it decides and renders, each under the key of what decides
/// it: whole answers, and the parts a new answer is spliced from, so that a request whose decision is
/// known copies nothing and a new one builds and renders little JSON. Every cache is bounded in bytes:
/// requests cannot grow memory past the budget, whatever locales they send.
public final class RenderingCaches: Sendable {
    /// Room for the answers `scripts/bench-serve` asks for from the 1,000 x 40 benchmark store (some
    /// 6,000 distinct decisions of about 3.5 kB each), and for the contents they are spliced from.
    public static let defaultBudget = 64 << 20

    /// A whole answer: the placement (by identity: the snapshot holds its placements as long as its
    /// caches), the audience and variation chosen, and what the variation shows decides the rest of
    /// the bytes.
    struct AnswerKey: Hashable, Sendable {
        enum Shown: Hashable, Sendable {
            /// A paywall: its locale decision, by identity (the key holds it, so that no other decision
            /// can take its place), and the price position of each product.
            case paywall(DecisionIdentity, prices: [Int?])
            /// An onboarding or a flow: what their rendering decides from (a flow's paywalls show prices).
            case whole(mode: MatchMode, locales: [String], country: String?)
        }

        let placement: ObjectIdentifier
        let audience: Int
        let variation: Int
        let shown: Shown

        init(_ decision: BundleDecision, for request: ResolutionRequest) {
            placement = ObjectIdentifier(decision.placement)
            audience = decision.audienceIndex
            variation = decision.variationIndex
            switch decision.shown {
            case let .paywall(paywall):
                shown = .paywall(DecisionIdentity(decision: paywall.locales), prices: paywall.prices)
            case .onboarding, .flow:
                shown = .whole(mode: request.mode, locales: request.locales, country: request.context.country?.uppercased())
            }
        }
    }

    /// A locale decision compared and hashed by identity: cheaper than by its locales, and as exact
    /// while the decision is alive.
    struct DecisionIdentity: Hashable, Sendable {
        let decision: PaywallLocaleDecision

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.decision === rhs.decision }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(decision)) }
    }

    /// A paywall's `remoteConfig` and `viewConfiguration` along one fallback order.
    struct ContentKey: Hashable, Sendable {
        let paywall: String
        let order: [Int]
    }

    /// A product offer: its title, price and the locale it is formatted for.
    struct OfferKey: Hashable, Sendable {
        let productKey: String
        let titleLocale: String?
        let price: Int?
        let formattingLocale: String?
    }

    /// The largest part: whole answers, one per distinct decision.
    let answers: BoundedCache<AnswerKey, RenderedBundle>
    /// So that answers with the same fallback order share one decoded and rendered content.
    let contents: BoundedCache<ContentKey, RenderedPiece>
    /// What the user's locales decide for one paywall.
    let paywallLocales: BoundedCache<PaywallLocaleKey, PaywallLocaleDecision>
    /// So that answers sharing a product, price and formatting locale format them once.
    let offers: BoundedCache<OfferKey, RenderedPiece>
    let preferences: BoundedCache<String, Preference>

    /// - Parameter budget: bytes, of which answers take a half, contents a quarter and the other
    ///   caches share the rest.
    init(budget: Int) {
        answers = BoundedCache(budget: budget / 2)
        contents = BoundedCache(budget: budget / 4)
        paywallLocales = BoundedCache(budget: budget / 8)
        offers = BoundedCache(budget: budget / 16)
        preferences = BoundedCache(budget: budget / 16)
    }

    /// Entries and bytes kept, over all caches.
    public var usage: (count: Int, cost: Int) {
        [answers.usage, contents.usage, paywallLocales.usage, offers.usage, preferences.usage].reduce((0, 0)) {
            ($0.0 + $1.count, $0.1 + $1.cost)
        }
    }
}
