import PaywallModel

/// Writes a file of a `FallbackFileSet` from the vendor document the export was imported from: every
/// key is kept as it is, and per variation only the localized parts are replaced. A variation whose
/// paywall resolves, for the file's locale, to exactly the localization it already carries (its
/// `remote_config` / `paywall_builder` `lang`; from format 11 one of its `remote_configs`) is kept
/// untouched, remote config `data` string included. Otherwise its `lang` (or `locale`) becomes the
/// file's locale and the strings and remote config merged along the chain go in, the other keys of
/// those objects kept. Shared `ui_builder` configurations (format 10 on) are replaced likewise when a
/// variation that names them is rewritten.
struct RawDocumentWriter {
    let context: Context
    let root: JSONObject

    func document(locale: String) -> JSONValue {
        var rewrittenBuilders: [String: JSONValue] = [:]
        let sharedBuilders = root["ui_builder"].flatMap(\.objectValue) ?? JSONObject()
        var result = JSONObject()
        for member in root.members {
            switch member.key {
            case "data":
                guard case let .object(placements) = member.value else { result.append(member.key, member.value); continue }
                var data = JSONObject()
                for placement in placements.members {
                    guard case var .object(fields) = placement.value, case let .array(variations)? = fields["data"] else {
                        data.append(placement.key, placement.value)
                        continue
                    }
                    let written = variations.map { variation in
                        self.variation(variation, locale: locale, sharedBuilders: sharedBuilders, rewrittenBuilders: &rewrittenBuilders)
                    }
                    fields = fields.replacing("data", with: .array(written))
                    data.append(placement.key, .object(fields))
                }
                result.append(member.key, .object(data))
            default:
                result.append(member.key, member.value)
            }
        }
        guard !rewrittenBuilders.isEmpty, case let .object(shared)? = result["ui_builder"] else { return .object(result) }
        var builders = JSONObject()
        for member in shared.members {
            builders.append(member.key, rewrittenBuilders[member.key] ?? member.value)
        }
        return .object(result.replacing("ui_builder", with: .object(builders)))
    }

    private func variation(_ value: JSONValue, locale: String, sharedBuilders: JSONObject,
                           rewrittenBuilders: inout [String: JSONValue]) -> JSONValue {
        guard case var .object(fields) = value, case let .string(paywallID)? = fields["paywall_id"],
              let paywall = context.paywalls[paywallID] else { return value }
        let chain = context.chain(of: paywall, for: locale)
        guard let resolved = chain.first?.locale else { return value }
        let remoteConfig = fields["remote_config"].flatMap(\.objectValue)
        let remoteConfigs = fields["remote_configs"]?.arrayValue?.compactMap(\.objectValue)
        let builder = fields["paywall_builder"].flatMap(\.objectValue)
        let carried = (remoteConfig.map { Self.locale(of: $0) == resolved } ?? true)
            && (remoteConfigs.map { configs in configs.contains { Self.locale(of: $0) == resolved } } ?? true)
            && (builder.map { $0["lang"] == .string(resolved) } ?? true)
        if carried { return value }

        let content = LocalizedContent(merging: chain, view: paywall.view)
        if let config = content.remoteConfig {
            if context.version >= 11, let remoteConfigs {
                let base = remoteConfigs.first { Self.locale(of: $0) == content.remoteConfigLocale } ?? remoteConfigs.first ?? JSONObject()
                fields = fields.replacing("remote_configs", with: .array([.object(remoteConfigEntry(base, config: config, content: content,
                                                                                                     locale: locale, defaultKey: "locale"))]))
            } else if let remoteConfig {
                fields = fields.replacing("remote_config", with: .object(remoteConfigEntry(remoteConfig, config: config, content: content,
                                                                                          locale: locale, defaultKey: "lang")))
            }
        }
        if var builder {
            builder = builder.replacing("lang", with: .string(locale))
            if case let .object(config)? = builder["paywall_builder_config"] {
                builder = builder.replacing("paywall_builder_config", with: builderConfig(config, paywall: paywall, content: content, locale: locale, resolved: resolved))
            } else if case let .string(id)? = builder["paywall_builder_id"], rewrittenBuilders[id] == nil,
                      case let .object(config)? = sharedBuilders[id] {
                rewrittenBuilders[id] = builderConfig(config, paywall: paywall, content: content, locale: locale, resolved: resolved)
            }
            fields = fields.replacing("paywall_builder", with: .object(builder))
        }
        return .object(fields)
    }

    /// A remote config entry for `locale`: the raw `data` text when it is the merged one's own, else
    /// the merged document rendered.
    private func remoteConfigEntry(_ raw: JSONObject, config: JSONValue, content: LocalizedContent, locale: String,
                                   defaultKey: String) -> JSONObject {
        let key = raw["locale"] != nil ? "locale" : raw["lang"] != nil ? "lang" : defaultKey
        var entry = raw.replacing(key, with: .string(locale))
        if Self.locale(of: raw) != content.remoteConfigLocale || raw["data"] == nil {
            entry = entry.replacing("data", with: .string(config.rendered()))
        }
        return entry
    }

    /// The raw Paywall Builder configuration with the one localization resolved for `locale`: its
    /// other keys (layouts, styles, unknown ones) as they were.
    private func builderConfig(_ raw: JSONObject, paywall: Paywall, content: LocalizedContent, locale: String,
                               resolved: String) -> JSONValue {
        let rawLocalizations = raw["localizations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        func rawLocalization(_ id: String?) -> JSONObject? {
            rawLocalizations.first { $0["id"] == .string(id ?? "") }
        }
        var localization = rawLocalization(resolved) ?? JSONObject()
        localization = localization.replacing("id", with: .string(locale))
        localization = localization.replacing("is_right_to_left", with: .bool(content.isRightToLeft))
        localization = localization.replacing("strings", with: .array(content.strings.members.map { member in
            // The raw entry the string came from, with its `fallback` and any other key, when it says the same.
            if case let .string(source)? = content.stringLocales[member.key],
               let entries = rawLocalization(source)?["strings"]?.arrayValue,
               let entry = entries.compactMap(\.objectValue).first(where: { $0["id"] == .string(member.key) }),
               entry["value"] == member.value {
                return .object(entry)
            }
            return .object(JSONObject(["id": .string(member.key), "value": member.value]))
        }))
        let viewAssets = paywall.view?.assets ?? JSONObject()
        var overridden = JSONObject()
        for member in content.assets.members where viewAssets[member.key] != member.value {
            overridden.append(member.key, member.value)
        }
        localization = overridden.members.isEmpty ? localization.removing("assets")
            : localization.replacing("assets", with: Context.assetList(overridden))
        var config = raw
        if config["default_localization"] != nil { config = config.replacing("default_localization", with: .string(locale)) }
        config = config.replacing("localizations", with: .array([.object(localization)]))
        return .object(config)
    }

    /// A remote config entry's locale, under `locale` or `lang`.
    private static func locale(of entry: JSONObject) -> String? {
        if case let .string(text)? = entry["locale"] { return text }
        if case let .string(text)? = entry["lang"] { return text }
        return nil
    }
}

extension JSONObject {
    /// The object with the first member named `key` given `value` in place (appended when absent).
    func replacing(_ key: String, with value: JSONValue) -> JSONObject {
        var result = JSONObject()
        var replaced = false
        for member in members {
            if member.key == key && !replaced {
                result.append(key, value)
                replaced = true
            } else {
                result.append(member.key, member.value)
            }
        }
        if !replaced { result.append(key, value) }
        return result
    }

    func removing(_ key: String) -> JSONObject {
        var result = JSONObject()
        for member in members where member.key != key { result.append(member.key, member.value) }
        return result
    }
}

extension JSONValue {
    var objectValue: JSONObject? {
        if case let .object(object) = self { return object }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case let .array(elements) = self { return elements }
        return nil
    }
}
