import LocaleKit
import PaywallModel

/// What a compiled snapshot keeps of what it decides and renders, each under the key of what decides
/// it: whole answers, and the parts a new answer is spliced from, so that a request whose decision is
/// known copies nothing and a new one builds and renders little JSON. Every cache is bounded in bytes:
/// requests cannot grow memory past the budget, whatever locales they send.
public final class RenderingCaches: Sendable {
    /// Room for the 1,000 x 40 benchmark store's rotating load whole: some 1,500 contents of 11 kB
    /// (the distinct paywall and fallback order pairs), and its 5,000 answers, which share them.
    public static let defaultBudget = 64 << 20

    /// A whole answer: the placement (by identity: the snapshot holds its placements as long as its
    /// caches), the audience and variation chosen, and what of the request decides the rest of the
    /// bytes: its locales (which the bundle repeats) as matched, and the country.
    struct AnswerKey: Hashable, Sendable {
        let placement: ObjectIdentifier
        let audience: Int
        let variation: Int
        let locales: Identity<RequestedLocales>
        /// Upper-cased; for a paywall, only a country some product has a price for (any other shows
        /// the locale's prices, as no country does).
        let country: String?

        /// Each field of a request (`ResolutionRequest`'s, its `context`'s as `context.country`) and the members of
        /// the key that hold what the answer takes of it. The answer depends on the request through these alone: a
        /// field added to the request must be named here with the members it reaches, or `AnswerKeyInputsTests`
        /// fails and says which; a field the key does not hold would let two requests that differ in it share one
        /// answer.
        static let inputs: KeyValuePairs<String, [String]> = [
            // Which placement, from which source.
            "placementID": ["placement"], "source": ["placement"],
            // The audience the user's context falls in; the country also decides prices.
            "context.country": ["audience", "country"], "context.platform": ["audience"], "context.appVersion": ["audience"],
            "context.attributionSources": ["audience"], "context.attributes": ["audience"], "defaultAudienceOnly": ["audience"],
            // The variation the profile draws.
            "profileID": ["variation"],
            // The locales, as matched.
            "locales": ["locales"], "mode": ["locales"],
        ]

        init(_ choice: VariationChoice, locales: RequestedLocales, country: String?) {
            placement = ObjectIdentifier(choice.placement)
            audience = choice.audienceIndex
            variation = choice.variationIndex
            self.locales = Identity(locales)
            self.country = country
        }
    }

    /// An object compared and hashed by identity: cheaper than by its contents, and as exact while it
    /// is alive, which the key sees to by holding it (no other object can take its address).
    struct Identity<Object: AnyObject & Sendable>: Hashable, Sendable {
        let object: Object

        init(_ object: Object) {
            self.object = object
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.object === rhs.object }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
    }

    /// A request's locales and how they are matched, as strings: what `RequestedLocales` are kept by.
    struct LocaleListKey: Hashable, Sendable {
        let mode: MatchMode
        let locales: [String]
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

    /// The rendered pieces alive, wherever they are held: those the piece caches below keep, and those
    /// answers alone hold.
    let ledger: PieceLedger
    /// Whole answers, one per distinct decision: each costs its list of segments, its pieces' bytes are
    /// on the ledger.
    let answers: BoundedCache<AnswerKey, RenderedBundle>
    /// The largest part, so that answers with the same fallback order share one decoded and rendered
    /// content: decoding a paywall's localizations is the costliest step of a new answer.
    let contents: BoundedCache<ContentKey, RenderedPiece>
    /// Each list of locales requests send, once: answers name it by identity.
    let localeLists: BoundedCache<LocaleListKey, RequestedLocales>
    /// What the user's locales decide for one paywall.
    let paywallLocales: BoundedCache<PaywallLocaleKey, PaywallLocaleDecision>
    let heads: BoundedCache<HeadKey, RenderedPiece>
    let localeMembers: BoundedCache<Identity<PaywallLocaleDecision>, RenderedPiece>
    /// So that answers sharing a product, price and formatting locale format them once.
    let offers: BoundedCache<OfferKey, RenderedPiece>
    let preferences: BoundedCache<String, Preference>

    /// - Parameter budget: bytes, of which the rendered pieces alive take at most 3/4: the contents
    ///   cache keeps up to a half, heads 1/16 (some 1,700 of 400 bytes in the benchmark store), locale
    ///   members and offers 1/32 each, and the pieces that answers alone hold the remaining 1/8. Answers
    ///   take 1/8 besides (some 500 bytes each), locale decisions 1/16, locale lists and preferences
    ///   1/64 each.
    init(budget: Int) {
        ledger = PieceLedger(limit: budget / 4 * 3)
        contents = BoundedCache(budget: budget / 2)
        // When a store's decisions outnumber what fits, most new answers are sent and let go.
        answers = BoundedCache(budget: budget / 8, admittedWhenFull: 8, relieving: ledger)
        localeLists = BoundedCache(budget: budget / 64)
        paywallLocales = BoundedCache(budget: budget / 16)
        heads = BoundedCache(budget: budget / 16)
        localeMembers = BoundedCache(budget: budget / 32)
        offers = BoundedCache(budget: budget / 32)
        preferences = BoundedCache(budget: budget / 64)
    }

    /// Entries kept over all caches, and the bytes they take: the pieces alive, and what the caches
    /// of other values cost.
    public var usage: (count: Int, cost: Int) {
        let others = [answers.usage, localeLists.usage, paywallLocales.usage, preferences.usage]
        let pieces = [contents.usage, heads.usage, localeMembers.usage, offers.usage]
        return ((others + pieces).map(\.count).reduce(0, +), ledger.bytes + others.map(\.cost).reduce(0, +))
    }

    /// `request`'s locales as kept, the same object for every request that sends the same list.
    func requestedLocales(of request: ResolutionRequest) -> RequestedLocales {
        let key = LocaleListKey(mode: request.mode, locales: request.locales)
        if let kept = localeLists.value(for: key) { return kept }
        let made = RequestedLocales(key)
        localeLists.keep(made, cost: made.cost, for: key)
        return made
    }
}

/// A list of locales that requests send, and how they are matched, kept once by a snapshot's caches
/// (`RenderingCaches.requestedLocales`), so that the answers' keys compare it by identity: a request
/// finds it among the few lists devices send, then its answer among many by a reference. It holds
/// nothing but its cost: its identity is what it is for, and the cache keeps the list as its key.
final class RequestedLocales: Sendable {
    /// What keeping it (and its key) costs, in bytes, roughly.
    let cost: Int

    init(_ key: RenderingCaches.LocaleListKey) {
        cost = key.locales.reduce(96) { $0 + 16 + $1.utf8.count }
    }
}
