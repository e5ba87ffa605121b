import LocaleKit
import PaywallModel
import PaywallStore

extension CompiledSnapshot {
    /// The bundle for `request` at `stored` (a placement of this snapshot) as compact JSON: the bytes of
    /// `resolve(request).json().rendered()`, spliced from pieces kept under the keys of what decides them.
    /// A paywall's bundle is its head (the placement, audience and variation), the `locale` member (the
    /// user's locales), the paywall's content along the fallback order, one piece per product offer (the
    /// title and price chosen, the formatting locale) and the snapshot member. Onboardings and flows are
    /// resolved whole and rendered as one piece.
    func assemble(_ request: ResolutionRequest, at placement: CompiledPlacement) throws -> BundleAssembly {
        let stored = placement.stored
        guard stored.placement.kind == .paywall else {
            let resolver = self.resolver
            let (audience, variation) = try resolver.selections(for: request, at: stored, table: placement.audiences)
            let key = RenderingCaches.ShownKey(placementID: stored.placement.id, audience: audience.index, variation: variation.index,
                                               mode: request.mode, locales: request.locales, country: request.context.country?.uppercased())
            let members = try caches.shownBundles.value(for: key) { () throws in
                let bundle = try resolver.resolve(request, at: stored, audience: audience, variation: variation)
                guard case let .object(object) = bundle.json() else { preconditionFailure("a bundle is an object") }
                let piece = RenderedPiece(members: JSONObject(object.members.dropLast()))
                return (piece, piece.cost)
            }
            return BundleAssembly(members: members, snapshot: snapshotPiece)
        }
        // The steps of `SnapshotResolver.selections`, on positions: nothing is copied that is not used.
        guard let entry = placement.audiences.firstEntry(for: request) else { throw ResolutionError.noAudience(request.placementID) }
        let audience = entry.index
        guard let variation = placement.audiences.draws[audience].choice(for: request.profileID)?.index else {
            throw ResolutionError.noVariation(request.placementID, audience: stored.placement.audiences[audience].name)
        }
        guard let shown = placement.paywalls[audience][variation] else {
            throw ResolutionError.notHeld(stored.placement.audiences[audience].variations[variation], .paywall)
        }
        let choice = try localeChoice(for: shown.paywall, request)
        return BundleAssembly(head: shown.head, locale: choice.locale, content: choice.content,
                              products: offers(of: shown.paywall, choice: choice, country: request.context.country), snapshot: snapshotPiece)
    }

    /// What the user's locales decide for `paywall`, worked out as `SnapshotResolver.resolvePaywall` does.
    private func localeChoice(for paywall: CompiledPaywall, _ request: ResolutionRequest) throws(StoreError) -> PaywallLocaleChoice {
        let key = RenderingCaches.LocaleKey(paywall: paywall.index, mode: request.mode, locales: request.locales)
        return try caches.paywallLocales.value(for: key) { () throws(StoreError) in
            let preferences = request.locales.map { input in
                caches.preferences.value(for: input) { (Preference(input, policy: policy), 256 + 2 * input.utf8.count) }
            }
            let resolver = self.resolver
            let match = resolver.matcher(for: paywall.stored, mode: request.mode).match(preferences)
            let choice = PaywallLocaleChoice(
                locale: RenderedPiece(members: JSONObject([ResolvedBundle.localeMember(requested: request.locales, match: match)])),
                content: try content(of: paywall, order: match.fallbackOrder),
                formattingLocale: resolver.formattingLocale(for: preferences, matched: match.matched),
                titleLocales: paywall.products.map { product in
                    resolver.titleLocale(of: product, for: preferences, matched: match.matched, defaultLocale: paywall.stored.defaultLocale,
                                         identities: paywall.identities, mode: request.mode)
                },
                localePrices: paywall.products.map { [regions = resolver.localeRegions(of: request.locales, matched: match.matched)] product in
                    SnapshotResolver<CompiledSnapshot>.priceIndex(of: product, localeRegions: regions)
                },
                products: paywall.products)
            return (choice, choice.cost)
        }
    }

    /// `remoteConfig` and `viewConfiguration` along `order`: the only place a paywall's stored
    /// localizations are decoded, once per order kept.
    private func content(of paywall: CompiledPaywall, order: [Int]) throws(StoreError) -> RenderedPiece {
        try caches.contents.value(for: RenderingCaches.ContentKey(paywall: paywall.index, order: order)) { () throws(StoreError) in
            let stored = paywall.stored
            let localizations = try localizations(ofPaywall: stored.key, locales: order.map { stored.locales[$0] })
            let piece = RenderedPiece(members: ResolvedPaywall.contentMembers(of: stored, content: LocalizedContent(merging: localizations,
                                                                                                                  view: stored.view)))
            return (piece, piece.cost)
        }
    }

    /// One piece per product, as `SnapshotResolver.offers` chooses and formats it.
    private func offers(of paywall: CompiledPaywall, choice: PaywallLocaleChoice, country: String?) -> [RenderedPiece] {
        // Most requests name no country, or one the products have no price for.
        let prices = country.map { country in
            let country = country.uppercased()
            return zip(paywall.products, choice.localePrices).map { product, localePrice in
                SnapshotResolver<CompiledSnapshot>.priceIndex(of: product, country: country) ?? localePrice
            }
        } ?? choice.localePrices
        return choice.offers(at: prices) { position, price in
            let product = paywall.products[position], titleLocale = choice.titleLocales[position]
            let key = RenderingCaches.OfferKey(productKey: product.key, titleLocale: titleLocale, price: price,
                                               formattingLocale: choice.formattingLocale?.identifier)
            return caches.offers.value(for: key) {
                var problems: [String] = []
                let offer = ProductOffer(product, localizedTitle: titleLocale.flatMap { product.titles[$0] },
                                         price: price.map { product.prices[$0] }, formatter: formatter, locale: choice.formattingLocale,
                                         problems: &problems)
                let piece = RenderedPiece(element: offer.json)
                return (piece, piece.cost)
            }
        }
    }
}
