import LocaleKit
import PaywallModel

/// A paywall's content for one user, merged along the locale fallback order (docs/contracts.md): each string
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
        // The matched localization's word, else its script's direction: a silent `ar` is right to left
        // even when the default it falls back to says `false` (the vendor's SDKs take the default's).
        isRightToLeft = localizations.first.map { matched in
            matched.isRightToLeft ?? (try? LanguageTag(parsing: matched.locale).maximized.isRightToLeft) ?? false
        } ?? false
    }
}

extension LocalizedContent {
    /// The merged assets that differ from the view's: the view's are at the top of a builder
    /// configuration, and its localization carries those its chain overrides.
    func assets(overriding viewAssets: JSONObject) -> JSONObject {
        var overridden = JSONObject()
        for member in assets.members where viewAssets[member.key] != member.value {
            overridden.append(member.key, member.value)
        }
        return overridden
    }
}
