import LocaleKit
import PaywallModel

/// Which of a flow's languages a user gets (docs/contracts.md): one place for `resolve` and `coverage`, so that
/// the report says what resolution gives.
extension Flow {
    /// Matches over the flow's remote config languages, down to the flow's default.
    func remoteConfigMatcher(mode: MatchMode, policy: LocalePolicy) -> LocaleMatcher {
        LocaleMatcher(available: remoteConfigs.map(\.locale), defaultLocale: defaultLocale, mode: mode, policy: policy)
    }

    /// The remote config a match of `remoteConfigMatcher` gives: the matched language's, else the
    /// default's, else the first (what the vendor SDK's single `remoteConfig` returns); nil when the
    /// flow has none.
    func remoteConfig(for match: LocaleMatch) -> RemoteConfig? {
        match.fallbackOrder.first.map { remoteConfigs[$0] } ?? remoteConfigs.first
    }

    /// Matches over a layout's localizations, down to its `default_localization`, else the flow's default.
    func localeMatcher(for layout: FlowLayout, mode: MatchMode, policy: LocalePolicy) -> LocaleMatcher {
        LocaleMatcher(available: layout.localizations.map(\.locale), defaultLocale: layout.defaultLocale ?? defaultLocale,
                      mode: mode, policy: policy)
    }
}
