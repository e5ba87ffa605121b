import LocaleKit
import PaywallResolver
import PaywallStore

/// The human form of `paywalls coverage`: a table per paywall and per flow layout, each followed by the
/// device locales by outcome; then the onboardings, which have no strings to count.
struct CoverageTable {
    let report: CoverageReport
    let snapshot: SnapshotInfo

    var lines: [String] {
        var lines = ["snapshot \(snapshot.key) (\(snapshot.appID) revision \(snapshot.revision))"]
        for paywall in report.paywalls {
            lines.append("")
            lines.append("paywall \(paywall.paywallID) \"\(paywall.name)\" (default \(paywall.strings.defaultLocale))")
            lines += table(paywall.strings, indent: "  ")
        }
        for flow in report.flows {
            lines.append("")
            lines.append("flow \(flow.flowID) \"\(flow.name)\" (default \(flow.defaultLocale))")
            let configs = flow.remoteConfigs
            lines.append("  remote configs: " + (configs.locales.isEmpty ? "none" : configs.locales.joined(separator: ", ")))
            lines += deviceLocales(configs.deviceLocales, indent: "    ")
            for layout in flow.layouts {
                lines.append("  layout \(layout.layoutID) (default \(layout.strings.defaultLocale))")
                lines += table(layout.strings, indent: "    ")
            }
        }
        if !report.onboardings.isEmpty {
            lines.append("")
            lines.append("onboardings: localized by the vendor's web builder from the app's Accept-Language (no strings here to count)")
            for onboarding in report.onboardings {
                let remoteConfig = onboarding.remoteConfig.map { "remote config \($0.locale)" } ?? "no remote config"
                lines.append("  \(onboarding.id) \"\(onboarding.name)\": builder \(onboarding.builderLocale), \(remoteConfig), \(onboarding.configURL)")
            }
        }
        return lines
    }

    /// A row per localization, then the device locales.
    private func table(_ strings: CoverageReport.StringsCoverage, indent: String) -> [String] {
        let width = max(8, strings.localizations.map(\.locale.count).max() ?? 0)
        var lines = [indent + pad("locale", width) + "  strings        missing"]
        for coverage in strings.localizations {
            let counts = pad("\(coverage.translated)/\(coverage.total)", 6) + " " + pad("\(CoverageCommand.format(coverage.percent))%", 6)
            lines.append(indent + pad(coverage.locale, width) + "  " + counts + "  " + missing(coverage.missing))
        }
        return lines + deviceLocales(strings.deviceLocales, indent: indent)
    }

    /// The counts by outcome, then the device locales that do not get their own language.
    private func deviceLocales(_ outcomes: [CoverageReport.DeviceLocaleOutcome], indent: String) -> [String] {
        guard !outcomes.isEmpty else { return [] }
        let groups = Dictionary(grouping: outcomes, by: \.outcome)
        var lines = [indent + "device locales (\(outcomes.count)): \(groups[.exact]?.count ?? 0) exact, "
                     + "\(groups[.fallback]?.count ?? 0) fallback, \(groups[.default]?.count ?? 0) default"]
        for outcome in [MatchOutcome.fallback, .default] {
            guard let group = groups[outcome], !group.isEmpty else { continue }
            lines.append(indent + "  \(outcome.rawValue): " + group.map { "\($0.deviceLocale) -> \($0.localization)" }.joined(separator: ", "))
        }
        return lines
    }

    private func missing(_ ids: [String]) -> String {
        ids.count <= 6 ? ids.joined(separator: ", ") : ids.prefix(6).joined(separator: ", ") + " and \(ids.count - 6) more"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
