extension Change {
    /// Onboardings by id: their name, their builder's URL and language, and their remote config.
    static func onboardings(from old: [Onboarding], to new: [Onboarding]) -> [Change] {
        matching(old, new, by: \.id, item: Item.onboarding) { id, old, new in
            let onboarding = Item.onboarding(id)
            return attribute(.name, of: onboarding, from: old.name, to: new.name)
                + attribute(.configURL, of: onboarding, from: old.configURL, to: new.configURL)
                + attribute(.builderLocale, of: onboarding, from: old.builderLocale, to: new.builderLocale)
                + remoteConfigs(from: old.remoteConfig.map { [$0] } ?? [], to: new.remoteConfig.map { [$0] } ?? [], of: onboarding)
        }
    }
}
