import PaywallModel

extension ModelDocumentWriter {
    /// A paywall variation (formats 8 and 9) for `locale`: its remote config merged along the locale's
    /// chain, as `resolve` merges it, and labelled with the localization it came from. The model keeps
    /// no Paywall Builder layout (a paywall-export's view names a template, not a layout), so the
    /// variation carries none: the form the vendor's SDKs read as "no view", rather than half a layout
    /// they refuse.
    func paywallVariation(_ variation: Variation, paywall: Paywall, locale: String) -> JSONValue {
        let localized = LocalizedContent(merging: content.chain(of: paywall, for: locale), view: paywall.view)
        var object = JSONObject()
        object.append("variation_id", .string(variation.variationID))
        object.append("paywall_id", .string(paywall.id))
        object.append("paywall_name", .string(paywall.name))
        object.append("weight", .number(String(variation.weight)))
        object.append("cross_placement_info", .null)
        object.append("products", FallbackJSON.products(paywall.productKeys, from: content.products, version: content.version))
        if let config = localized.remoteConfig, let configLocale = localized.remoteConfigLocale {
            object.append("remote_config", FallbackJSON.remoteConfig(locale: configLocale, document: config))
        }
        return .object(object)
    }
}
