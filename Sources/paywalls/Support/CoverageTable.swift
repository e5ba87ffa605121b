import LocaleKit
import PaywallResolver
import PaywallStore

/// The human form of `paywalls coverage`: a table per paywall, then the device locales by outcome.
struct CoverageTable {
    let report: CoverageReport
    let snapshot: SnapshotInfo

    var lines: [String] {
        var lines = ["snapshot \(snapshot.key) (\(snapshot.appID) revision \(snapshot.revision))"]
        for paywall in report.paywalls {
            lines.append("")
            lines.append("paywall \(paywall.paywallID) \"\(paywall.name)\" (default \(paywall.defaultLocale))")
            let width = max(8, paywall.localizations.map(\.locale.count).max() ?? 0)
            lines.append("  " + pad("locale", width) + "  strings        missing")
            for coverage in paywall.localizations {
                let counts = pad("\(coverage.translated)/\(coverage.total)", 6) + " " + pad("\(CoverageCommand.format(coverage.percent))%", 6)
                lines.append("  " + pad(coverage.locale, width) + "  " + counts + "  " + missing(coverage.missing))
            }
            let outcomes = Dictionary(grouping: paywall.deviceLocales, by: \.outcome)
            lines.append("  device locales (\(paywall.deviceLocales.count)): \(outcomes[.exact]?.count ?? 0) exact, "
                         + "\(outcomes[.fallback]?.count ?? 0) fallback, \(outcomes[.default]?.count ?? 0) default")
            for outcome in [MatchOutcome.fallback, .default] {
                guard let group = outcomes[outcome], !group.isEmpty else { continue }
                lines.append("    \(outcome.rawValue): " + group.map { "\($0.deviceLocale) -> \($0.localization)" }.joined(separator: ", "))
            }
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
