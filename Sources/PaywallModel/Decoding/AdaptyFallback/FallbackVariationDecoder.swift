/// One variation of a fallback file, with the paywall and products it describes: the vendor repeats
/// them in every variation that shows them.
struct FallbackVariation {
    let variation: Variation
    /// Located at the variation.
    let paywall: Located<Paywall>
    let products: [Located<Product>]
}

/// Reads one variation of a fallback file (SPEC §4.2). The paywall's localizations merge, per locale,
/// the remote config(s) with the Paywall Builder's localizations.
struct FallbackVariationDecoder {
    let version: Int
    let issues: IssueCollector
    let localeProblem: (String) -> String?
    let jsonLimits: JSONParser.Limits
    let builderDecoder: PaywallBuilderDecoder
    /// The `ui_builder` map; nil before format 10, whose configurations are always inline.
    let sharedConfigurations: SharedViewConfigurations?

    func decode(_ reader: FieldReader) -> FallbackVariation? {
        let variationID = reader.identifier("variation_id")
        let paywallID = reader.identifier("paywall_id")
        let name = reader.string("paywall_name")
        let weight = reader.integer("weight", in: 0...100)
        let products = products(reader)
        let remoteConfigs = remoteConfigs(reader)
        let builder = reader.optionalObject("paywall_builder", builderContent)
        guard let variationID, let paywallID, let name, let weight, let products, let remoteConfigs, builder.valid,
              let localizations = merge(remoteConfigs, builder.value) else { return nil }
        let paywall = Paywall(id: paywallID, name: name, productIDs: products.map(\.value.id),
                              defaultLocale: localizations.defaultLocale, localizations: localizations.merged, view: builder.value?.view)
        return FallbackVariation(variation: Variation(variationID: variationID, paywallID: paywallID, weight: weight),
                                 paywall: Located(pointer: reader.pointer, value: paywall), products: products)
    }

    /// Products carry no period, price or title in the vendor's file; the model's id is the vendor's
    /// `adapty_product_id`, else the store's `vendor_product_id`.
    private func products(_ reader: FieldReader) -> [Located<Product>]? {
        guard let elements = reader.array("products") else { return nil }
        let products = elements.map { element in
            FieldReader(element.value, at: element.pointer, issues: issues).flatMap(decodeProduct).map { Located(pointer: element.pointer, value: $0) }
        }
        return products.contains { $0 == nil } ? nil : products.compactMap { $0 }
    }

    private func decodeProduct(_ reader: FieldReader) -> Product? {
        let vendorProductID = reader.identifier("vendor_product_id")
        let adaptyProductID = reader.identifier("adapty_product_id", required: false)
        let accessLevelID = reader.identifier("access_level_id", required: false)
        guard let vendorProductID, adaptyProductID != nil || reader.isAbsent("adapty_product_id"),
              accessLevelID != nil || reader.isAbsent("access_level_id") else { return nil }
        return Product(id: adaptyProductID ?? vendorProductID, vendorProductID: vendorProductID, accessLevelID: accessLevelID,
                       period: nil, trial: nil, titles: [:], prices: [])
    }

    /// `remote_config` (one locale) before format 11; `remote_configs` (one per locale) from 11.
    private func remoteConfigs(_ reader: FieldReader) -> [Localization]? {
        guard version >= 11 else {
            let config = reader.optionalObject("remote_config") { remoteConfig($0, localeKey: "lang") }
            return config.valid ? config.value.map { [$0] } ?? [] : nil
        }
        guard let elements = reader.array("remote_configs", required: false) else {
            return reader.isAbsent("remote_configs") ? [] : nil
        }
        var locales: Set<String> = []
        let configs = elements.map { element -> Localization? in
            guard let entry = FieldReader(element.value, at: element.pointer, issues: issues) else { return nil }
            // SPEC §4.2 names the key `locale`; the vendor's own schema names it `lang`, as before 11.
            let localeKey = entry.object["locale"] == nil && entry.object["lang"] != nil ? "lang" : "locale"
            guard let config = remoteConfig(entry, localeKey: localeKey) else { return nil }
            guard locales.insert(config.locale).inserted else {
                issues.report(entry.at(localeKey), "duplicate remote config locale '\(config.locale)'")
                return nil
            }
            return config
        }
        return configs.contains { $0 == nil } ? nil : configs.compactMap { $0 }
    }

    /// A remote config: its `data` is a JSON document written as a string.
    private func remoteConfig(_ reader: FieldReader, localeKey: String) -> Localization? {
        let locale = reader.locale(localeKey, problem: localeProblem)
        var document: JSONValue?
        if let text = reader.string("data") {
            do {
                document = try JSONParser.parse(text, limits: jsonLimits)
            } catch {
                issues.report(reader.at("data"), "not valid JSON: \(error)")
            }
        }
        guard let locale, let document else { return nil }
        return Localization(locale: locale, remoteConfig: document, strings: JSONObject(), assets: JSONObject(), isRightToLeft: nil)
    }

    /// The configuration inline in `paywall_builder_config`, or from format 10 (when not inline) the
    /// `ui_builder` entry that `paywall_builder_id` names.
    private func builderContent(_ reader: FieldReader) -> PaywallBuilderContent? {
        let id = reader.identifier("paywall_builder_id")
        let content: PaywallBuilderContent?
        if let sharedConfigurations, reader.isAbsent("paywall_builder_config") {
            content = id.flatMap { sharedConfigurations.content(for: $0, referencedAt: reader.at("paywall_builder_id")) }
        } else {
            content = reader.reader("paywall_builder_config").flatMap(builderDecoder.decode)
        }
        return id == nil ? nil : content
    }

    /// Remote configs first, then builder localizations, one entry per locale as spelled; and the
    /// default locale: the builder's `default_localization`, else the one remote config's locale, else
    /// `en` if there is an `en` localization, else the first localization's. A paywall with no
    /// localization at all gets an empty `en` one: as in every export, its default locale has one.
    private func merge(_ remoteConfigs: [Localization], _ builder: PaywallBuilderContent?) -> (merged: [Localization], defaultLocale: String)? {
        var merged = remoteConfigs
        for localization in builder?.localizations ?? [] {
            if let index = merged.firstIndex(where: { $0.locale == localization.locale }) {
                merged[index].strings = localization.strings
                merged[index].assets = localization.assets
                merged[index].isRightToLeft = localization.isRightToLeft
            } else {
                merged.append(localization)
            }
        }
        if let stated = builder?.defaultLocale, !merged.contains(where: { $0.locale == stated.value }) {
            issues.report(stated.pointer, "the default locale '\(stated.value)' has no localization")
            return nil
        }
        let onlyRemoteConfigLocale = version < 11 ? remoteConfigs.first?.locale : nil
        let defaultLocale = builder?.defaultLocale?.value ?? onlyRemoteConfigLocale
            ?? (merged.contains { $0.locale == "en" } ? "en" : merged.first?.locale ?? "en")
        if merged.isEmpty {
            merged.append(Localization(locale: defaultLocale, remoteConfig: nil, strings: JSONObject(), assets: JSONObject(), isRightToLeft: nil))
        }
        return (merged, defaultLocale)
    }
}
