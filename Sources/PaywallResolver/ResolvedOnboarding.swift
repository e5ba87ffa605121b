import PaywallModel

/// An onboarding as one user gets it: the vendor's web builder localizes its screens from the
/// `Accept-Language` the app sends with `configURL`, so the bundle says which language to send.
public struct ResolvedOnboarding: Sendable {
    public let onboarding: Onboarding
    /// The user's first usable preference as a BCP-47 tag, else the builder's language.
    public let acceptLanguage: String

    func jsonMembers(locale: JSONObject.Member) -> [JSONObject.Member] {
        JSONObject([
            "onboarding": .object(JSONObject([
                "id": .string(onboarding.id),
                "name": .string(onboarding.name),
                "configUrl": .string(onboarding.configURL),
                "acceptLanguage": .string(acceptLanguage),
            ])),
        ]).members + [locale] + JSONObject(["remoteConfig": onboarding.remoteConfig?.document ?? .null]).members
    }
}
