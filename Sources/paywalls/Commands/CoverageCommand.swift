import ArgumentKit
import LocaleKit
import PaywallModel
import PaywallResolver
import PaywallStore

/// `paywalls coverage`: translation coverage per paywall and locale, and what common device locales get.
enum CoverageCommand: Command {
    static let deviceLocalesEnvironmentVariable = "PAYWALLS_DEVICE_LOCALES"
    static let deviceLocalesDefaultPath = "locales/device-locales.txt"

    static let spec = CommandSpec(
        name: "coverage",
        abstract: "Report translation coverage per paywall and what common device locales get.",
        discussion: """
            For each paywall of the current snapshot (or of --placement): per localization, how many of the
            default localization's strings it has and which it misses; per device locale, the localization
            a user gets and whether that is exact, a fallback or the default. The device locales are the
            40 most common store locales in locales/device-locales.txt (or $PAYWALLS_DEVICE_LOCALES), unless
            --locales gives others. --fail-under exits 1 when any localization is below the percentage.
            """,
        options: [
            .source,
            .value("placement", "id", help: "Only the paywalls this placement can show."),
            .value("locales", "list", help: "Comma-separated device locales to check instead of the default list."),
            .value("mode", "mode", help: "Locale matching: cldr (default), adapty or icu."),
            .value("fail-under", "percent", help: "Exit 1 when a localization has fewer than this percentage of the strings."),
            .flag("json", help: "Print JSON."),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let mode = try arguments.value("mode", expected: "cldr, adapty or icu", MatchMode.init(rawValue:)) ?? .cldr
        let threshold = try arguments.value("fail-under", expected: "a percentage from 0 to 100") { Double($0).flatMap { (0...100).contains($0) ? $0 : nil } }
        let deviceLocales = try arguments.value("locales").map(availableLocales(in:)) ?? defaultDeviceLocales(context)
        let policy = try context.localePolicy(arguments)
        let (snapshot, export) = try context.currentExport(arguments)
        let report = CoverageReport(paywalls: try paywalls(of: export, placement: arguments.value("placement")),
                                    deviceLocales: deviceLocales, mode: mode, policy: policy)
        if arguments.flag("json") {
            context.standardOutput.writeLine(json(report, snapshot: snapshot, threshold: threshold).rendered(pretty: true))
        } else {
            CoverageTable(report: report, snapshot: snapshot).lines.forEach(context.standardOutput.writeLine)
        }
        if let threshold, let lowest = report.lowest, lowest.coverage.percent < threshold {
            throw CommandFailure(exitCode: .failure, message: "coverage below \(format(threshold))%: paywall \(lowest.paywallID) "
                                 + "[\(lowest.coverage.locale)] has \(format(lowest.coverage.percent))%")
        }
    }

    /// All paywalls, or those a placement's variations show, in export order.
    private static func paywalls(of export: PaywallExport, placement id: String?) throws(CommandFailure) -> [Paywall] {
        guard let id else { return export.paywalls }
        guard let placement = export.placements.first(where: { $0.id == id }) else {
            let closest = closestCandidates(to: id, among: export.placements.map(\.id), limit: 3)
            throw CommandFailure(exitCode: .noInput, message: "no placement '\(id)'" + (closest.isEmpty ? "" : "; closest: \(closest.joined(separator: ", "))"))
        }
        let shown = Set(placement.audiences.flatMap(\.variations).map(\.paywallID))
        return export.paywalls.filter { shown.contains($0.id) }
    }

    private static func defaultDeviceLocales(_ context: CommandContext) throws(CommandFailure) -> [String] {
        let path = context.environment[deviceLocalesEnvironmentVariable] ?? deviceLocalesDefaultPath
        guard fileExists(atPath: path) else {
            throw CommandFailure(exitCode: .noInput, message: "no device locale list at \(path): give --locales L,... or set $\(deviceLocalesEnvironmentVariable)")
        }
        return try readTextFile(atPath: path).split(whereSeparator: \.isNewline)
            .flatMap { availableLocales(in: String($0.prefix { $0 != "#" })) }
    }

    private static func json(_ report: CoverageReport, snapshot: SnapshotInfo, threshold: Double?) -> JSONValue {
        .object(JSONObject([
            "snapshot": .string(snapshot.key),
            "lowestPercent": report.lowest.map { .number(format($0.coverage.percent)) } ?? .null,
            "failUnder": threshold.map { .number(format($0)) } ?? .null,
            "paywalls": .array(report.paywalls.map { paywall in
                .object(JSONObject([
                    "id": .string(paywall.paywallID),
                    "name": .string(paywall.name),
                    "defaultLocale": .string(paywall.defaultLocale),
                    "localizations": .array(paywall.localizations.map { coverage in
                        .object(JSONObject([
                            "locale": .string(coverage.locale),
                            "translated": .integer(coverage.translated),
                            "total": .integer(coverage.total),
                            "percent": .number(format(coverage.percent)),
                            "missing": .strings(coverage.missing),
                        ]))
                    }),
                    "deviceLocales": .array(paywall.deviceLocales.map { outcome in
                        .object(JSONObject([
                            "locale": .string(outcome.deviceLocale),
                            "gets": .string(outcome.localization),
                            "result": .string(outcome.outcome.rawValue),
                        ]))
                    }),
                ]))
            }),
        ]))
    }

    /// One decimal at most: `80`, `66.7`.
    static func format(_ percent: Double) -> String {
        let tenths = (percent * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
