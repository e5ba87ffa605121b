import PaywallModel

/// A paywall's content for one user, merged along the locale fallback order (SPEC §5): each string
/// from the first localization that has it, assets overriding the view's key by key, the remote
/// config of the first localization that has one.
struct LocalizedContent {
    let strings: JSONObject
    /// For each string id, the locale key it came from.
    let stringLocales: JSONObject
    let assets: JSONObject
    let remoteConfig: JSONValue?
    let remoteConfigLocale: String?
    let isRightToLeft: Bool

    /// - Parameter localizations: most specific first.
    init(merging localizations: [Localization], view: ViewConfiguration?) {
        var strings = JSONObject(), stringLocales = JSONObject()
        var seen: Set<String> = []
        for localization in localizations {
            for member in localization.strings.members where seen.insert(member.key).inserted {
                strings.append(member.key, member.value)
                stringLocales.append(member.key, .string(localization.locale))
            }
        }
        var assets = JSONObject()
        let assetSources = [view?.assets ?? JSONObject()] + localizations.reversed().map(\.assets)
        let assetKeys = assetSources.flatMap(\.keys).reduce(into: [String]()) { keys, key in if !keys.contains(key) { keys.append(key) } }
        for key in assetKeys {
            // The most specific localization that has the asset wins, else the view's.
            if let value = localizations.lazy.compactMap({ $0.assets[key] }).first ?? view?.assets[key] {
                assets.append(key, value)
            }
        }
        let configured = localizations.first { $0.remoteConfig != nil }
        self.strings = strings
        self.stringLocales = stringLocales
        self.assets = assets
        remoteConfig = configured?.remoteConfig
        remoteConfigLocale = configured?.locale
        isRightToLeft = localizations.lazy.compactMap(\.isRightToLeft).first ?? false
    }
}
