import LocaleKit
import PaywallModel
import PaywallStore

extension SnapshotResolver {
    /// An onboarding variation: its screens are localized by the vendor's web builder from the
    /// `Accept-Language` the app sends, so the bundle names that language; the locale match is over the
    /// onboarding's own languages (its builder's and its remote config's), which its remote config is in.
    func resolveOnboarding(_ variation: Variation, preferences: [Preference]) throws -> Resolution {
        guard let onboarding = try source.onboarding(variation.contentKey) else {
            throw ResolutionError.notHeld(variation, .onboarding)
        }
        let match = source.matcher(.onboarding(onboarding.key)) {
            let languages = [onboarding.builderLocale] + [onboarding.remoteConfig?.locale].compactMap { $0 }.filter { $0 != onboarding.builderLocale }
            return LocaleMatcher(available: languages, defaultLocale: onboarding.builderLocale, mode: .cldr, policy: policy)
        }.match(preferences)
        let acceptLanguage = preferences.lazy.compactMap { try? $0.tag.get().identifier }.first ?? onboarding.builderLocale
        let explanation = [
            "variation \(variation.variationID) (weight \(variation.weight)) shows onboarding \(onboarding.id)",
            "the web builder localizes it: the app sends Accept-Language: \(acceptLanguage) with \(onboarding.configURL)",
        ]
        return Resolution(shown: .onboarding(ResolvedOnboarding(onboarding: onboarding, acceptLanguage: acceptLanguage)), localeMatch: match,
                          explanation: explanation)
    }
}
