import LocaleKit
import PaywallModel

/// What a compiled snapshot keeps of what it decides and renders, each under the key of what decides
/// it: whole answers, and the parts a new answer is spliced from, so that a request whose decision is
/// known copies nothing and a new one builds and renders little JSON. Every cache is bounded in bytes:
/// requests cannot grow memory past the budget, whatever locales they send.
public final class RenderingCaches: Sendable {
    /// Room for most contents of the few thousand (paywall, locales) pairs that the 1,000 x 40
    /// benchmark store's bundles need (about 12 kB each there), and for a part of its answers: keeping
    /// them all (some 6,000 of 14 kB) would take serve's memory past twice the export's (docs/numbers.md).
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

    /// A paywall bundle's head: the placement (by identity), the audience and variation.
    struct HeadKey: Hashable, Sendable {
        let placement: ObjectIdentifier
        let audience: Int
        let variation: Int
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

    /// Whole answers, one per distinct decision.
    let answers: BoundedCache<AnswerKey, RenderedBundle>
    /// The largest part, so that answers with the same fallback order share one decoded and rendered
    /// content: decoding a paywall's localizations is the costliest step of a new answer.
    let contents: BoundedCache<ContentKey, RenderedPiece>
    /// What the user's locales decide for one paywall.
    let paywallLocales: BoundedCache<PaywallLocaleKey, PaywallLocaleDecision>
    let heads: BoundedCache<HeadKey, RenderedPiece>
    let localeMembers: BoundedCache<DecisionIdentity, RenderedPiece>
    /// So that answers sharing a product, price and formatting locale format them once.
    let offers: BoundedCache<OfferKey, RenderedPiece>
    let preferences: BoundedCache<String, Preference>

    /// - Parameter budget: bytes, of which contents take a half, answers a quarter, locale decisions
    ///   and heads 1/16 each (heads: some 3,000 of half a kilobyte in the benchmark store), locale
    ///   members and offers 1/32 each, and preferences 1/64.
    init(budget: Int) {
        contents = BoundedCache(budget: budget / 2)
        // When a store's decisions outnumber what fits, most new answers are sent and let go.
        answers = BoundedCache(budget: budget / 4, admittedWhenFull: 8)
        paywallLocales = BoundedCache(budget: budget / 16)
        heads = BoundedCache(budget: budget / 16)
        localeMembers = BoundedCache(budget: budget / 32)
        offers = BoundedCache(budget: budget / 32)
        preferences = BoundedCache(budget: budget / 64)
    }

    /// Entries and bytes kept, over all caches.
    public var usage: (count: Int, cost: Int) {
        [answers.usage, contents.usage, paywallLocales.usage, heads.usage, localeMembers.usage, offers.usage, preferences.usage].reduce((0, 0)) {
            ($0.0 + $1.count, $0.1 + $1.cost)
        }
    }
}
