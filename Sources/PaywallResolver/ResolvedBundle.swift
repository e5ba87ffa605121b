import LocaleKit
import PaywallModel
import PaywallStore

/// What a user gets at a placement: the CLI output contract of SPEC §5.
public struct ResolvedBundle: Sendable {
    public struct ProductOffer: Sendable {
        public let vendorProductID: String
        public let localizedTitle: String?
        public let price: Price?
        /// The price, period and trial as the user's locale writes them (`R$ 49,90`, `1 mês`, `7 dias`).
        public let localizedPrice: String?
        public let localizedSubscriptionPeriod: String?
        public let localizedTrialPeriod: String?
    }

    public let placementID: String
    public let audience: Audience
    public let matchedSegments: [String]
    public let variation: Variation
    public let paywall: StoredPaywall
    public let requestedLocales: [String]
    public let localeMatch: LocaleMatch
    let content: LocalizedContent
    public let products: [ProductOffer]
    public let snapshot: SnapshotInfo
    /// The account `--explain` prints: audiences tried, the bucket, the locale chain and what each step found.
    public let explanation: [String]

    public func json() -> JSONValue {
        var view = JSONObject()
        view.append("templateId", .optional(paywall.view?.templateID))
        view.append("strings", .object(content.strings))
        view.append("stringLocales", .object(content.stringLocales))
        view.append("isRightToLeft", .bool(content.isRightToLeft))
        view.append("assets", .object(content.assets))
        view.append("timers", .strings(paywall.view?.timers ?? []))
        view.append("customActions", .strings(paywall.view?.customActions ?? []))
        return .object(JSONObject([
            "placementId": .string(placementID),
            "audience": .object(JSONObject([
                "name": .string(audience.name),
                "versionId": .string(audience.versionID),
                "matchedSegments": .strings(matchedSegments),
            ])),
            "variationId": .string(variation.variationID),
            "paywallId": .string(paywall.id),
            "paywallName": .string(paywall.name),
            "locale": .object(JSONObject([
                "requested": .strings(requestedLocales),
                "matched": .string(localeMatch.matched),
                "chain": .strings(localeMatch.chain),
                "mode": .string(localeMatch.mode.rawValue),
                "result": .string(localeMatch.outcome.rawValue),
            ])),
            "remoteConfig": content.remoteConfig ?? .null,
            "viewConfiguration": .object(view),
            "products": .array(products.map(Self.json(for:))),
            "snapshot": .object(JSONObject([
                "id": .string(snapshot.key),
                "revision": .integer(snapshot.revision),
                "exportedAt": .string(snapshot.exportedAt),
                "syncedAt": .string(snapshot.importedAt),
            ])),
        ]))
    }

    private static func json(for offer: ProductOffer) -> JSONValue {
        .object(JSONObject([
            "vendorProductId": .string(offer.vendorProductID),
            "localizedTitle": .optional(offer.localizedTitle),
            "price": offer.price.map { .number($0.amount) } ?? .null,
            "currencyCode": .optional(offer.price?.currency),
            "localizedPrice": .optional(offer.localizedPrice),
            "localizedSubscriptionPeriod": .optional(offer.localizedSubscriptionPeriod),
            "localizedTrialPeriod": .optional(offer.localizedTrialPeriod),
        ]))
    }
}
