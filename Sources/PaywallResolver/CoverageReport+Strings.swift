import LocaleKit
import PaywallModel

extension CoverageReport {
    /// A paywall's or a flow layout's localizations, each counted against the default one, and the
    /// localization each device locale gets.
    public struct StringsCoverage: Sendable {
        /// Where missing strings come from, and what the others are counted against.
        public let defaultLocale: String
        public let localizations: [LocalizationCoverage]
        public let deviceLocales: [DeviceLocaleOutcome]

        /// - Parameter matcher: over `localizations`' locales, ending at their default.
        init(_ localizations: [Localization], matcher: LocaleMatcher, deviceLocales: [String]) {
            defaultLocale = matcher.defaultLocale
            let reference = localizations.first { $0.locale == matcher.defaultLocale }
            self.localizations = localizations.map { LocalizationCoverage($0, against: reference) }
            self.deviceLocales = deviceLocales.map { deviceLocale in
                let match = matcher.match([deviceLocale])
                return DeviceLocaleOutcome(deviceLocale: deviceLocale, localization: match.matched, outcome: match.outcome)
            }
        }
    }

    public struct LocalizationCoverage: Sendable {
        public let locale: String
        public let translated: Int
        public let total: Int
        /// The default localization's string ids this one lacks, in the default's order.
        public let missing: [String]

        public var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }

        /// - Parameter reference: the default localization; none means nothing to miss.
        init(_ localization: Localization, against reference: Localization?) {
            let expected = reference?.strings.keys ?? []
            let present = Set(localization.strings.keys)
            locale = localization.locale
            missing = expected.filter { !present.contains($0) }
            total = expected.count
            translated = total - missing.count
        }
    }

    public struct DeviceLocaleOutcome: Sendable {
        public let deviceLocale: String
        /// As the export spells it.
        public let localization: String
        public let outcome: MatchOutcome
    }
}
