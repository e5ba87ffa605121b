import PaywallModel
import PaywallStore

/// A paywall as one user sees it: its strings merged along the locale chain and its products offered
/// in the user's language and country.
public struct ResolvedPaywall: Sendable {
    public let paywall: StoredPaywall
    let content: LocalizedContent
    public let products: [ProductOffer]

    /// The members after `variationId`, in the order of docs/contracts.md.
    func jsonMembers(locale: JSONObject.Member) -> [JSONObject.Member] {
        Self.identityMembers(of: paywall).members + [locale] + Self.contentMembers(of: paywall, content: content).members
            + [JSONObject.Member(key: "products", value: .array(products.map(\.json)))]
    }

    /// `paywallId` and `paywallName`.
    static func identityMembers(of paywall: StoredPaywall) -> JSONObject {
        JSONObject(["paywallId": .string(paywall.id), "paywallName": .string(paywall.name)])
    }

    /// `remoteConfig` and `viewConfiguration`: what the paywall says along one fallback order.
    static func contentMembers(of paywall: StoredPaywall, content: LocalizedContent) -> JSONObject {
        var view = JSONObject()
        view.append("templateId", .optional(paywall.view?.templateID))
        view.append("strings", .object(content.strings))
        view.append("stringLocales", .object(content.stringLocales))
        view.append("isRightToLeft", .bool(content.isRightToLeft))
        view.append("assets", .object(content.assets))
        view.append("timers", .strings(paywall.view?.timers ?? []))
        view.append("customActions", .strings(paywall.view?.customActions ?? []))
        return JSONObject(["remoteConfig": content.remoteConfig ?? .null, "viewConfiguration": .object(view)])
    }
}
