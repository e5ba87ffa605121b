import LocaleKit
import PaywallModel
import PaywallStore
import Synchronization

/// Answers "which paywall, in which language, does this user get at this placement?" from the
/// current snapshot: audience -> variation -> locale -> bundle, with a handful of indexed reads.
public final class PaywallResolver {
    private struct MatcherKey: Hashable {
        let snapshotID: Int64
        let paywallID: String
        let mode: MatchMode
    }

    let store: PaywallStore
    let policy: LocalePolicy
    /// A paywall's locale matcher parses all its localizations with ICU: a long-lived resolver builds
    /// it once per snapshot. Bounded: emptied when it grows past `matcherLimit`.
    private let matchers = Mutex<[MatcherKey: LocaleMatcher]>([:])
    private let matcherLimit = 4096
    private let formatter = ProductFormatter()

    public init(store: PaywallStore, policy: LocalePolicy = .standard) {
        self.store = store
        self.policy = policy
    }

    public func resolve(_ request: ResolutionRequest) throws(ResolutionError) -> ResolvedBundle {
        do {
            return try resolveInStore(request)
        } catch let error as ResolutionError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .inconsistent("\(error)")
        }
    }

    private func resolveInStore(_ request: ResolutionRequest) throws -> ResolvedBundle {
        let (snapshot, stored) = try placement(for: request)
        guard let audience = AudienceSelection(in: stored, for: request) else { throw ResolutionError.noAudience(request.placementID) }
        let variation = VariationSelection(in: audience.audience, profileID: request.profileID)
        guard let paywall = try store.paywall(variation.variation.paywallID, in: snapshot) else {
            throw ResolutionError.inconsistent("variation \(variation.variation.variationID) shows paywall '\(variation.variation.paywallID)', which it does not hold")
        }
        let matcher = matcher(for: paywall, mode: request.mode, snapshot: snapshot)
        let preferences = request.locales.map { Preference($0, policy: policy) }
        let match = matcher.match(preferences)
        let order = match.fallbackOrder.map { paywall.locales[$0] }
        let content = LocalizedContent(merging: try store.localizations(ofPaywall: paywall.id, locales: order, in: snapshot), view: paywall.view)
        let formattingLocale = formattingLocale(for: preferences, matched: match.matched)
        var formattingProblems: [String] = []
        let products = try store.products(paywall.productIDs, in: snapshot).map { product in
            ResolvedBundle.ProductOffer(product,
                                        localizedTitle: title(of: product, for: preferences, paywall: paywall, matched: match.matched, mode: request.mode),
                                        price: price(of: product, for: request, matched: match.matched),
                                        formatter: formatter, locale: formattingLocale, problems: &formattingProblems)
        }
        var explanation = audience.trace
        explanation.append(variation.bucket.map { "bucket \($0) of 100 (profile \(request.profileID ?? ""))" } ?? "no profile id: the heaviest variation")
        explanation.append("variation \(variation.variation.variationID) (weight \(variation.variation.weight)) shows paywall \(paywall.id)")
        explanation.append("locales \(paywall.locales.joined(separator: ", ")); chain \(match.chain.joined(separator: " -> ")); "
                           + "matched \(match.matched) (\(match.outcome.rawValue)); strings merged from \(order.joined(separator: ", "))")
        explanation += match.skippedPreferences.map { "skipped preference: \($0.reason)" }
        explanation += formattingProblems
        return ResolvedBundle(placementID: request.placementID, audience: audience.audience, matchedSegments: audience.matchedSegments,
                              variation: variation.variation, paywall: paywall, requestedLocales: request.locales, localeMatch: match,
                              content: content, products: products, snapshot: snapshot, explanation: explanation)
    }

    /// The placement from the source asked for, else from the first source in answer order that has it.
    private func placement(for request: ResolutionRequest) throws -> (SnapshotInfo, StoredPlacement) {
        let candidates: [SnapshotInfo]
        if let source = request.source {
            candidates = [try store.requireCurrentSnapshot(of: source)]
        } else {
            candidates = try store.currentSnapshots()
            guard !candidates.isEmpty else { throw ResolutionError.noSnapshot }
        }
        for snapshot in candidates {
            if let stored = try store.placement(request.placementID, in: snapshot) { return (snapshot, stored) }
        }
        var knownIDs: [String] = []
        var seen: Set<String> = []
        for snapshot in candidates {
            knownIDs += try store.placementIDs(in: snapshot).filter { seen.insert($0).inserted }
        }
        throw ResolutionError.unknownPlacement(request.placementID, knownIDs: knownIDs)
    }

    private func matcher(for paywall: StoredPaywall, mode: MatchMode, snapshot: SnapshotInfo) -> LocaleMatcher {
        let key = MatcherKey(snapshotID: snapshot.id, paywallID: paywall.id, mode: mode)
        if let matcher = matchers.withLock({ $0[key] }) { return matcher }
        let identities = paywall.localeIdentities.count == paywall.locales.count ? paywall.localeIdentities.map(LocaleIdentity.init(serialized:)) : nil
        let matcher = LocaleMatcher(available: paywall.locales, identities: identities, defaultLocale: paywall.defaultLocale,
                                    mode: mode, policy: policy)
        matchers.withLock { cache in
            if cache.count >= matcherLimit { cache.removeAll() }
            cache[key] = matcher
        }
        return matcher
    }

    /// The product's title in the user's language: its titles have locales of their own, matched like
    /// the paywall's localizations (a product may have `es` where the paywall has only `es-419`). A title
    /// in exactly the paywall's matched locale needs no matching.
    private func title(of product: Product, for preferences: [Preference], paywall: StoredPaywall, matched: String,
                       mode: MatchMode) -> String? {
        if let title = product.titles[matched] { return title }
        let locales = product.titles.keys.sorted()
        // Title keys are mostly the paywall's own locale keys, whose identities the store keeps.
        let known = Dictionary(zip(paywall.locales, paywall.localeIdentities), uniquingKeysWith: { first, _ in first })
        let identities = locales.map { known[$0].flatMap(LocaleIdentity.init(serialized:)) }
        let match = LocaleMatcher(available: locales, identities: identities, defaultLocale: paywall.defaultLocale, mode: mode,
                                  policy: policy).match(preferences)
        return match.fallbackOrder.first.flatMap { product.titles[locales[$0]] }
    }

    /// The locale prices and periods are written in: the user's first usable preference, whole (its region
    /// and numbering: a pt-PT user of a pt-br paywall reads Portuguese (Portugal) numbers), else the
    /// matched localization's.
    private func formattingLocale(for preferences: [Preference], matched: String) -> LanguageTag? {
        preferences.lazy.compactMap { try? $0.tag.get() }.first ?? (try? policy.languageTag(for: matched))
    }

    /// The price for the user's country, else for the region of a requested locale, else for the region of
    /// the matched localization (`pt-br`), else the product's first.
    private func price(of product: Product, for request: ResolutionRequest, matched: String) -> Price? {
        let regions = [request.context.country?.uppercased()].compactMap { $0 }
            + (request.locales + [matched]).compactMap { try? policy.languageTag(for: $0).region }
        return regions.lazy.compactMap { region in product.prices.first { $0.country == region } }.first ?? product.prices.first
    }
}
