import PaywallModel

extension RawDocumentWriter {
    /// A paywall variation for `locale`, its products in the target version's form (when it is not the
    /// document's own). Its remote config
    /// and Paywall Builder localization are kept when its paywall resolves, for the file's locale, to
    /// exactly the localization they already carry (their `lang`). Otherwise the remote config and the
    /// strings merged along the chain go in, the other keys of those objects kept, each labelled with
    /// the localization its content comes from: the remote config with the one it was taken from, the
    /// builder with the one the locale resolves to (the SDKs show the localization whose `id` its
    /// `lang` is, so the two agree).
    func paywallVariation(_ fields: JSONObject, paywall: Paywall, locale: String) -> JSONObject {
        var fields = fields
        if content.version != sourceVersion, case let .array(products)? = fields["products"] {
            fields = fields.replacing("products", with: .array(products.map(product)))
        }
        let chain = content.chain(of: paywall, for: locale)
        guard let resolved = chain.first?.locale else { return fields }
        let merged = LocalizedContent(merging: chain, view: paywall.view)
        if let remoteConfig = fields["remote_config"]?.objectValue, let config = merged.remoteConfig,
           let configLocale = merged.remoteConfigLocale, remoteConfig["lang"] != .string(configLocale) {
            var entry = remoteConfig.replacing("lang", with: .string(configLocale))
            entry = entry.replacing("data", with: .string(config.rendered()))
            fields = fields.replacing("remote_config", with: .object(entry))
        }
        if var builder = fields["paywall_builder"]?.objectValue, builder["lang"] != .string(resolved) {
            builder = builder.replacing("lang", with: .string(resolved))
            if case let .object(config)? = builder["paywall_builder_config"] {
                builder = builder.replacing("paywall_builder_config", with: builderConfig(config, paywall: paywall, merged: merged, resolved: resolved))
            }
            fields = fields.replacing("paywall_builder", with: .object(builder))
        }
        return fields
    }

    /// The raw Paywall Builder configuration with the one localization resolved for the locale (as
    /// spelled in the export: its `id`, the builder's `lang`, and the default): its other keys
    /// (layouts, styles, unknown ones) as they were.
    private func builderConfig(_ raw: JSONObject, paywall: Paywall, merged: LocalizedContent, resolved: String) -> JSONValue {
        let rawLocalizations = raw["localizations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        var localization = rawLocalizations.first { $0["id"] == .string(resolved) } ?? JSONObject(["id": .string(resolved)])
        localization = localization.replacing("is_right_to_left", with: .bool(merged.isRightToLeft))
        localization = localization.replacing("strings", with: Self.strings(merged, rawLocalizations: rawLocalizations))
        let overridden = merged.assets(overriding: paywall.view?.assets ?? JSONObject())
        localization = overridden.members.isEmpty ? localization.removing("assets")
            : localization.replacing("assets", with: FallbackJSON.assetList(overridden))
        var config = raw
        if config["default_localization"] != nil { config = config.replacing("default_localization", with: .string(resolved)) }
        config = config.replacing("localizations", with: .array([.object(localization)]))
        return .object(config)
    }

    /// A product as the target version's SDKs read it (docs/formats.md): format 9 and later require
    /// `access_level_id` and `product_type`, which format 8 does not have (its own `is_consumable` says
    /// whether the product is consumable); format 8's Android SDK reads `is_consumable`.
    private func product(_ value: JSONValue) -> JSONValue {
        guard case var .object(product) = value else { return value }
        if content.version >= 9 {
            if product["access_level_id"] ?? .null == .null { product = product.replacing("access_level_id", with: .string("premium")) }
            if product["product_type"] ?? .null == .null {
                product = product.replacing("product_type", with: .string(product["is_consumable"] == .bool(true) ? "consumable" : "uncategorised"))
            }
        } else if product["is_consumable"] ?? .null == .null {
            product = product.replacing("is_consumable", with: .bool(product["product_type"] == .string("consumable")))
        }
        return .object(product)
    }
}
