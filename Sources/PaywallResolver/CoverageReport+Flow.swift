import LocaleKit
import PaywallModel

extension CoverageReport {
    /// A flow carries every language at once: which languages have a remote config and which one each
    /// device locale gets, and per layout its strings as for a paywall.
    public struct FlowCoverage: Sendable {
        public let flowID: String
        public let name: String
        public let defaultLocale: String
        public let remoteConfigs: RemoteConfigCoverage
        public let layouts: [LayoutCoverage]

        init(_ flow: Flow, deviceLocales: [String], mode: MatchMode, policy: LocalePolicy) {
            flowID = flow.id
            name = flow.name
            defaultLocale = flow.defaultLocale
            let matcher = flow.remoteConfigMatcher(mode: mode, policy: policy)
            let configOutcomes = deviceLocales.compactMap { deviceLocale -> DeviceLocaleOutcome? in
                let match = matcher.match([deviceLocale])
                return flow.remoteConfig(for: match).map { DeviceLocaleOutcome(deviceLocale: deviceLocale, localization: $0.locale, outcome: match.outcome) }
            }
            remoteConfigs = RemoteConfigCoverage(locales: flow.remoteConfigs.map(\.locale), deviceLocales: configOutcomes)
            layouts = flow.layouts.map { layout in
                let matcher = flow.localeMatcher(for: layout, mode: mode, policy: policy)
                return LayoutCoverage(layoutID: layout.id, strings: StringsCoverage(layout.localizations, matcher: matcher, deviceLocales: deviceLocales))
            }
        }
    }

    public struct RemoteConfigCoverage: Sendable {
        /// The languages that have a remote config, in export order.
        public let locales: [String]
        /// The remote config language each device locale gets, as `resolve` chooses it; none when the
        /// flow has no remote config.
        public let deviceLocales: [DeviceLocaleOutcome]
    }

    public struct LayoutCoverage: Sendable {
        public let layoutID: String
        /// Counted against the layout's `default_localization` (else the flow's default).
        public let strings: StringsCoverage
    }
}
