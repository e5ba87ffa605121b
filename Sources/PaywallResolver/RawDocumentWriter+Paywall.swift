import PaywallModel

extension RawDocumentWriter {
    /// A paywall variation for `locale`, or nil to keep it as it is: when its paywall resolves, for the
    /// file's locale, to exactly the localization it already carries (its `remote_config` and
    /// `paywall_builder` `lang`), remote config `data` string included. Otherwise their `lang` becomes
    /// the file's locale, and the remote config and strings merged along the chain go in, the other
    /// keys of those objects kept.
    func paywallVariation(_ fields: JSONObject, locale: String) -> JSONObject? {
        guard case let .string(paywallID)? = fields["paywall_id"], let paywall = content.paywalls[paywallID] else { return nil }
        let chain = content.chain(of: paywall, for: locale)
        guard let resolved = chain.first?.locale else { return nil }
        let remoteConfig = fields["remote_config"]?.objectValue
        let builder = fields["paywall_builder"]?.objectValue
        let carried = (remoteConfig.map { $0["lang"] == .string(resolved) } ?? true) && (builder.map { $0["lang"] == .string(resolved) } ?? true)
        if carried { return nil }

        var fields = fields
        let merged = LocalizedContent(merging: chain, view: paywall.view)
        if let config = merged.remoteConfig, let remoteConfig {
            var entry = remoteConfig.replacing("lang", with: .string(locale))
            // The raw `data` text when it is the merged one's own.
            if remoteConfig["lang"] != merged.remoteConfigLocale.map(JSONValue.string) || remoteConfig["data"] == nil {
                entry = entry.replacing("data", with: .string(config.rendered()))
            }
            fields = fields.replacing("remote_config", with: .object(entry))
        }
        if var builder {
            builder = builder.replacing("lang", with: .string(locale))
            if case let .object(config)? = builder["paywall_builder_config"] {
                builder = builder.replacing("paywall_builder_config", with: builderConfig(config, paywall: paywall, merged: merged,
                                                                                          locale: locale, resolved: resolved))
            }
            fields = fields.replacing("paywall_builder", with: .object(builder))
        }
        return fields
    }

    /// The raw Paywall Builder configuration with the one localization resolved for `locale`: its
    /// other keys (layouts, styles, unknown ones) as they were.
    private func builderConfig(_ raw: JSONObject, paywall: Paywall, merged: LocalizedContent, locale: String, resolved: String) -> JSONValue {
        let rawLocalizations = raw["localizations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        var localization = rawLocalizations.first { $0["id"] == .string(resolved) } ?? JSONObject()
        localization = localization.replacing("id", with: .string(locale))
        localization = localization.replacing("is_right_to_left", with: .bool(merged.isRightToLeft))
        localization = localization.replacing("strings", with: Self.strings(merged, rawLocalizations: rawLocalizations))
        let overridden = merged.assets(overriding: paywall.view?.assets ?? JSONObject())
        localization = overridden.members.isEmpty ? localization.removing("assets")
            : localization.replacing("assets", with: FallbackJSON.assetList(overridden))
        var config = raw
        if config["default_localization"] != nil { config = config.replacing("default_localization", with: .string(locale)) }
        config = config.replacing("localizations", with: .array([.object(localization)]))
        return .object(config)
    }
}
