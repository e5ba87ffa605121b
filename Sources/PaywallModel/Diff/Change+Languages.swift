/// What content holds per language, strings and remote configs, compared language by language.
extension Change {
    /// Localizations by locale as the export spells it, and their string ids: a paywall's or a flow
    /// layout's (`owner`).
    static func localizations(from old: [Localization], to new: [Localization], of owner: Item) -> [Change] {
        matching(old, new, by: \.locale, item: { .localization(of: owner, locale: $0) }) { locale, old, new in
            KeyChanges(from: old.strings, to: new.strings).map { [.strings(of: owner, locale: locale, $0)] } ?? []
        }
    }

    /// Remote configs by language as the export spells it, and their top-level keys: an onboarding's
    /// (it has one at most, so a new language is one added and one removed) or a flow's (`owner`).
    static func remoteConfigs(from old: [RemoteConfig], to new: [RemoteConfig], of owner: Item) -> [Change] {
        matching(old, new, by: \.locale, item: { .remoteConfig(of: owner, locale: $0) }) { locale, old, new in
            // The decoders only accept objects; anything else has no keys to compare.
            KeyChanges(from: old.document.objectValue ?? JSONObject(), to: new.document.objectValue ?? JSONObject())
                .map { [.remoteConfigKeys(of: owner, locale: locale, $0)] } ?? []
        }
    }
}
