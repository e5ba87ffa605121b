import PaywallModel

extension ModelDocumentWriter {
    /// A paywall variation (formats 8 and 9) for `locale`: the remote config and the one Paywall Builder
    /// localization merged along the locale's chain, as `resolve` merges them, both labelled `locale`.
    func paywallVariation(_ variation: Variation, paywall: Paywall, locale: String) -> JSONValue {
        let localized = LocalizedContent(merging: content.chain(of: paywall, for: locale), view: paywall.view)
        var object = JSONObject()
        object.append("variation_id", .string(variation.variationID))
        object.append("paywall_id", .string(paywall.id))
        object.append("paywall_name", .string(paywall.name))
        object.append("weight", .number(String(variation.weight)))
        object.append("products", FallbackJSON.products(paywall.productIDs, from: content.products, inFlow: false))
        if let config = localized.remoteConfig {
            object.append("remote_config", FallbackJSON.remoteConfig(locale: locale, document: config))
        }
        // Strings need a builder configuration to travel in, also for a paywall without a view.
        let view = paywall.view ?? (localized.strings.members.isEmpty ? nil
            : ViewConfiguration(templateID: nil, assets: JSONObject(), timers: [], customActions: []))
        if let view {
            var paywallBuilder = JSONObject()
            // The model keeps no builder id of its own: the paywall's id names its configuration.
            paywallBuilder.append("paywall_builder_id", .string(paywall.id))
            paywallBuilder.append("lang", .string(locale))
            paywallBuilder.append("paywall_builder_config", builderConfig(view: view, localized: localized, locale: locale))
            object.append("paywall_builder", .object(paywallBuilder))
        }
        return .object(object)
    }

    /// The Paywall Builder configuration with the one localization resolved for `locale`.
    private func builderConfig(view: ViewConfiguration, localized: LocalizedContent, locale: String) -> JSONValue {
        var config = JSONObject()
        config.append("format", .string("4.0.0"))
        if let templateID = view.templateID { config.append("template_id", .string(templateID)) }
        config.append("default_localization", .string(locale))
        config.append("assets", FallbackJSON.assetList(view.assets))
        config.append("localizations", .array([FallbackJSON.localization(locale: locale, strings: localized.strings,
                                                                         assets: localized.assets(overriding: view.assets),
                                                                         isRightToLeft: localized.isRightToLeft)]))
        if !view.customActions.isEmpty {
            // Where the SDK looks for them does not matter to the importer: any `custom` action counts.
            config.append("custom_actions", .array(view.customActions.map { id in
                .object(JSONObject(["type": .string("custom"), "custom_id": .string(id)]))
            }))
        }
        return .object(config)
    }
}
