import PaywallModel

/// A flow as one user gets it: the remote config of their best language, each layout's strings merged
/// along their locale chain, and the flow's paywalls with their products offered to them.
public struct ResolvedFlow: Sendable {
    public struct Layout: Sendable {
        public let id: String
        let content: LocalizedContent
    }

    public struct Paywall: Sendable {
        public let paywall: FlowPaywall
        public let products: [ProductOffer]
    }

    public let flow: Flow
    public let remoteConfig: RemoteConfig?
    public let layouts: [Layout]
    public let paywalls: [Paywall]

    func jsonMembers(locale: JSONObject.Member, variation: Variation) -> [JSONObject.Member] {
        JSONObject([
            "flow": .object(JSONObject([
                "id": .string(flow.id),
                "name": .string(flow.name),
                "versionId": .optional(flow.versionID),
                "variationName": .optional(variation.name),
            ])),
        ]).members + [locale] + JSONObject([
            "remoteConfig": remoteConfig?.document ?? .null,
            "paywalls": .array(paywalls.map { shown in
                .object(JSONObject([
                    "paywallId": .string(shown.paywall.paywallID),
                    "paywallName": .string(shown.paywall.paywallName),
                    "variationId": .string(shown.paywall.variationID),
                    "webPurchaseUrl": .optional(shown.paywall.webPurchaseURL),
                    "products": .array(shown.products.map(\.json)),
                ]))
            }),
            "layouts": .array(layouts.map { layout in
                .object(JSONObject([
                    "id": .string(layout.id),
                    "strings": .object(layout.content.strings),
                    "stringLocales": .object(layout.content.stringLocales),
                    "isRightToLeft": .bool(layout.content.isRightToLeft),
                ]))
            }),
            "grids": flow.grids ?? .array([]),
        ]).members
    }
}
