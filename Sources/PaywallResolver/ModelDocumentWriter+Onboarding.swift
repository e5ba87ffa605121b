import PaywallModel

extension ModelDocumentWriter {
    /// An onboarding variation (formats 8 to 11), the same in every locale's file: the vendor's web
    /// builder localizes the onboarding from the `Accept-Language` the app sends with `config_url`.
    func onboardingVariation(_ variation: Variation, onboarding: Onboarding) -> JSONValue {
        var object = JSONObject()
        object.append("variation_id", .string(variation.variationID))
        object.append("onboarding_id", .string(onboarding.id))
        object.append("onboarding_name", .string(onboarding.name))
        object.append("onboarding_builder", .object(JSONObject([
            "config_url": .string(onboarding.configURL),
            // The vendor's Android SDK requires it.
            "lang": .string(onboarding.builderLocale),
        ])))
        object.append("remote_config", onboarding.remoteConfig.map { FallbackJSON.remoteConfig(locale: $0.locale, document: $0.document) } ?? .null)
        object.append("cross_placement_info", .null)
        object.append("weight", .number(String(variation.weight)))
        return .object(object)
    }
}
