import LocaleKit
import PaywallModel
import PaywallStore

extension CompiledSnapshot {
    /// The bundle for `request` at `placement` as `paywalls serve` sends it: decided as `paywalls resolve`
    /// decides it (`SnapshotResolver.decide`), and rendered once per distinct decision, the bytes of
    /// `resolve(request).json().rendered()`. Once the variation is chosen, what the request sends decides
    /// the rest (`AnswerKey`): a request like one answered before takes the kept answer, undecided.
    func answer(_ request: ResolutionRequest, at placement: CompiledPlacement) throws -> RenderedBundle {
        let choice = try resolver.choose(request, at: placement)
        let key = answerKey(of: request, given: choice)
        // Looked up and kept in two steps: a closure making the answer would copy the request on every hit.
        if let kept = caches.answers.value(for: key) { return kept }
        let bundle = try render(resolver.decide(request, given: choice), for: request)
        caches.answers.keep(bundle, cost: bundle.cost, for: key)
        return bundle
    }

    /// What of `request` decides its answer once `choice` is made, with the choice.
    func answerKey(of request: ResolutionRequest, given choice: VariationChoice) -> RenderingCaches.AnswerKey {
        RenderingCaches.AnswerKey(choice, locales: caches.requestedLocales(of: request), country: answerCountry(of: request, given: choice))
    }

    /// The user's country as the answer depends on it, upper-cased: a paywall's only through its
    /// products' prices, so a country none has a price for is as none.
    private func answerCountry(of request: ResolutionRequest, given choice: VariationChoice) -> String? {
        guard let country = request.context.country?.uppercased() else { return nil }
        guard choice.placement.kind == .paywall else { return country }
        return paywallOffering(choice.contentKey)?.pricedCountries.contains(country) == true ? country : nil
    }

    /// A paywall's bundle is spliced from pieces kept under the keys of what decides them: its head
    /// (the placement, audience, variation and paywall), the `locale` member (the locale decision), the
    /// content along the fallback order, one piece per offer, and the snapshot member. The answer holds
    /// them, not a copy: answers share their contents' bytes, and when answers outnumber what their
    /// budget keeps, a new answer of known pieces copies none. An onboarding's or a flow's is rendered whole.
    private func render(_ decision: BundleDecision, for request: ResolutionRequest) throws -> RenderedBundle {
        guard case let .paywall(paywall) = decision.shown else {
            guard case let .object(bundle) = try resolver.resolve(decision, for: request).json() else { preconditionFailure("a bundle is an object") }
            return RenderedBundle(BundleAssembly(members: RenderedPiece(members: JSONObject(bundle.members.dropLast()), chargedTo: caches.ledger),
                                                 snapshot: snapshotMember), chargedTo: caches.ledger)
        }
        return RenderedBundle(BundleAssembly(head: head(of: decision, showing: paywall), locale: locale(of: paywall, for: request),
                                             content: try content(of: paywall), products: offers(of: paywall), snapshot: snapshotMember),
                              chargedTo: caches.ledger)
    }

    /// `kind` to `paywallName`: what the placement, audience and variation decide.
    private func head(of decision: BundleDecision, showing paywall: PaywallDecision) -> RenderedPiece {
        let choice = decision.choice
        let key = RenderingCaches.HeadKey(placement: ObjectIdentifier(choice.placement), audience: choice.audienceIndex,
                                          variation: choice.variationIndex)
        return caches.heads.value(for: key) {
            let audience = choice.audience
            let head = ResolvedBundle.headMembers(kind: .paywall, placementID: choice.placement.stored.placement.id, audience: audience,
                                                  matchedSegments: audience.segmentIDs, variation: choice.variation)
            let piece = RenderedPiece(members: JSONObject(head.members + ResolvedPaywall.identityMembers(of: paywall.paywall.stored).members),
                                      chargedTo: caches.ledger)
            return (piece, piece.cost)
        }
    }

    /// The `locale` member: what the locale decision says of the request's locales.
    private func locale(of paywall: PaywallDecision, for request: ResolutionRequest) -> RenderedPiece {
        caches.localeMembers.value(for: RenderingCaches.Identity(paywall.locales)) {
            let piece = RenderedPiece(members: JSONObject([ResolvedBundle.localeMember(requested: request.locales, match: paywall.locales.match)]),
                                      chargedTo: caches.ledger)
            return (piece, piece.cost)
        }
    }

    /// `remoteConfig` and `viewConfiguration` along the decision's fallback order: the only place a
    /// paywall's stored localizations are decoded, once per order kept.
    private func content(of decision: PaywallDecision) throws(StoreError) -> RenderedPiece {
        let key = RenderingCaches.ContentKey(paywall: decision.paywall.stored.key, order: decision.locales.match.fallbackOrder)
        return try caches.contents.value(for: key) { () throws(StoreError) in
            let piece = RenderedPiece(members: ResolvedPaywall.contentMembers(of: decision.paywall.stored, content: try resolver.content(of: decision)),
                                      chargedTo: caches.ledger)
            return (piece, piece.cost)
        }
    }

    /// One piece per product offer, kept by what decides it: paywalls share products.
    private func offers(of decision: PaywallDecision) -> [RenderedPiece] {
        let locales = decision.locales.offers
        return decision.products.indices.map { index in
            let product = decision.products[index], titleLocale = locales.titleLocales[index], price = decision.prices[index]
            let key = RenderingCaches.OfferKey(productKey: product.key, titleLocale: titleLocale, price: price,
                                               formattingLocale: locales.formattingLocale?.identifier)
            return caches.offers.value(for: key) {
                var problems: [String] = []
                let offer = resolver.offer(of: product, titleLocale: titleLocale, price: price, locale: locales.formattingLocale, problems: &problems)
                let piece = RenderedPiece(element: offer.json, chargedTo: caches.ledger)
                return (piece, piece.cost)
            }
        }
    }
}
