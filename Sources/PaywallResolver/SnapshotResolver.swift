import LocaleKit
import PaywallModel
import PaywallStore

/// A resolution within one snapshot (docs/contracts.md), read from `source`, in two steps: `decide`
/// chooses the audience, the variation and, for a paywall, everything of its bundle that the request
/// decides (`BundleDecision`); `resolve(_:for:)` renders a decision as the JSON tree. What the variation
/// shows depends on the placement's kind (`+Paywall`, `+Onboarding`, `+Flow`).
struct SnapshotResolver<Source: ResolutionSource> {
    /// What one kind's rendering adds to the bundle.
    struct Resolution {
        let shown: ResolvedBundle.Shown
        let localeMatch: LocaleMatch
        let explanation: [String]
    }

    let source: Source
    let policy: LocalePolicy
    let formatter: ProductFormatter

    /// The bundle for `request` at `placement`, a placement of the source's snapshot.
    func resolve(_ request: ResolutionRequest, at placement: CompiledPlacement) throws -> ResolvedBundle {
        try resolve(decide(request, at: placement), for: request)
    }

    /// What the bundle for `request` at `placement` shows: the audience, the variation and, for a
    /// paywall, what the request decides of it.
    func decide(_ request: ResolutionRequest, at placement: CompiledPlacement) throws -> BundleDecision {
        try decide(request, given: choose(request, at: placement))
    }

    /// The audience `request`'s user falls in at `placement`, and the variation drawn for them.
    func choose(_ request: ResolutionRequest, at placement: CompiledPlacement) throws -> VariationChoice {
        guard let audience = placement.audiences.firstEntry(for: request)?.index else {
            throw ResolutionError.noAudience(request.placementID)
        }
        // Through the table's arrays, not a copy of the draw: this runs for every request served.
        guard let (variation, bucket) = placement.audiences.draws[audience].choice(for: request.profileID) else {
            throw ResolutionError.noVariation(request.placementID, audience: placement.stored.placement.audiences[audience].name)
        }
        return VariationChoice(placement: placement, audienceIndex: audience, variationIndex: variation, bucket: bucket)
    }

    /// The rest of the decision, once the variation is chosen: for a paywall, what the request decides of it.
    func decide(_ request: ResolutionRequest, given choice: VariationChoice) throws -> BundleDecision {
        switch choice.placement.kind {
        case .paywall:
            guard let paywall = try decidePaywall(showing: choice.contentKey, for: request) else {
                throw ResolutionError.notHeld(choice.variation, .paywall)
            }
            return BundleDecision(choice: choice, shown: .paywall(paywall))
        case .onboarding: return BundleDecision(choice: choice, shown: .onboarding)
        case .flow: return BundleDecision(choice: choice, shown: .flow)
        }
    }

    /// `decision`, made for `request`, as the bundle's JSON tree, with the account `--explain` prints.
    func resolve(_ decision: BundleDecision, for request: ResolutionRequest) throws -> ResolvedBundle {
        let audience = decision.choice.audience, variation = decision.choice.variation
        let resolution: Resolution
        switch decision.shown {
        case let .paywall(paywall):
            resolution = try resolvePaywall(paywall, shownBy: variation)
        case .onboarding:
            resolution = try resolveOnboarding(variation, preferences: preferences(of: request))
        case .flow:
            resolution = try resolveFlow(variation, preferences: preferences(of: request), request: request)
        }
        var explanation = decision.choice.placement.audienceTrace(for: request)
        explanation.append(decision.choice.bucket.map { "bucket \($0) of 100 (profile \(request.profileID ?? ""))" } ?? "no profile id: the heaviest variation")
        explanation += resolution.explanation
        explanation += resolution.localeMatch.skippedPreferences.map { "skipped preference: \($0.reason)" }
        return ResolvedBundle(placementID: request.placementID, audience: audience, matchedSegments: audience.segmentIDs, variation: variation,
                              requestedLocales: request.locales, localeMatch: resolution.localeMatch, shown: resolution.shown,
                              snapshot: source.snapshot, explanation: explanation)
    }

    /// The request's locales as preferences, parsed once by a source that keeps them.
    func preferences(of request: ResolutionRequest) -> [Preference] {
        request.locales.map { input in source.preference(input) { Preference(input, policy: policy) } }
    }
}
