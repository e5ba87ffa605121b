import LocaleKit
import PaywallModel

/// How completely each paywall is translated, and what users of common device locales get (issue 5):
/// per localization, the strings of the default localization it has and those it misses; per device
/// locale, the localization the user gets and whether that is exact, a fallback or the default.
public struct CoverageReport: Sendable {
    public struct LocalizationCoverage: Sendable {
        public let locale: String
        public let translated: Int
        public let total: Int
        /// The default localization's string ids this one lacks, in the default's order.
        public let missing: [String]

        public var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }
    }

    public struct DeviceLocaleOutcome: Sendable {
        public let deviceLocale: String
        public let localization: String
        public let outcome: MatchOutcome
    }

    public struct PaywallCoverage: Sendable {
        public let paywallID: String
        public let name: String
        public let defaultLocale: String
        public let localizations: [LocalizationCoverage]
        public let deviceLocales: [DeviceLocaleOutcome]
    }

    public let paywalls: [PaywallCoverage]

    /// The least covered localization of all, for `--fail-under`.
    public var lowest: (paywallID: String, coverage: LocalizationCoverage)? {
        paywalls.flatMap { paywall in paywall.localizations.map { (paywall.paywallID, $0) } }.min { $0.1.percent < $1.1.percent }
    }

    /// - Parameter paywalls: the paywalls to report on, in the order to report them.
    public init(paywalls: [Paywall], deviceLocales: [String], mode: MatchMode = .cldr, policy: LocalePolicy = .standard) {
        self.paywalls = paywalls.map { paywall in
            let reference = paywall.localizations.first { $0.locale == paywall.defaultLocale }?.strings.keys ?? []
            let localizations = paywall.localizations.map { localization in
                let present = Set(localization.strings.keys)
                let missing = reference.filter { !present.contains($0) }
                return LocalizationCoverage(locale: localization.locale, translated: reference.count - missing.count,
                                            total: reference.count, missing: missing)
            }
            let matcher = LocaleMatcher(available: paywall.localizations.map(\.locale), defaultLocale: paywall.defaultLocale,
                                        mode: mode, policy: policy)
            let outcomes = deviceLocales.map { deviceLocale in
                let match = matcher.match([deviceLocale])
                return DeviceLocaleOutcome(deviceLocale: deviceLocale, localization: match.matched, outcome: match.outcome)
            }
            return PaywallCoverage(paywallID: paywall.id, name: paywall.name, defaultLocale: paywall.defaultLocale,
                                   localizations: localizations, deviceLocales: outcomes)
        }
    }
}
