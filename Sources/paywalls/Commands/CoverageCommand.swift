import ArgumentKit
import LocaleKit
import PaywallModel
import PaywallResolver
import PaywallStore

/// `paywalls coverage`: translation coverage per paywall, flow layout and locale, and what common device
/// locales get.
enum CoverageCommand: Command {
    static let deviceLocalesEnvironmentVariable = "PAYWALLS_DEVICE_LOCALES"

    static let spec = CommandSpec(
        name: "coverage",
        abstract: "Report translation coverage per paywall and flow, and what common device locales get.",
        discussion: """
            For each paywall of the current snapshot (or of --placement): per localization, how many of the
            default localization's strings it has and which it misses; per device locale, the localization
            a user gets and whether that is exact, a fallback or the default. For each flow: the languages
            that have a remote config and the one each device locale gets, and per layout its strings as
            for a paywall, counted against the layout's default_localization. Onboardings are listed with
            their builder and remote config languages: the vendor's web builder localizes them from the
            app's Accept-Language, so there are no strings to count. The device locales are those --locales
            gives, else those of the file $PAYWALLS_DEVICE_LOCALES names, else the 40 most common store
            locales of the shipped device-locales.txt (in <prefix>/share/paywalls beside the binary, else in
            the checkout's locales/ for a binary built there). --fail-under exits 1 when any localization of
            a paywall or of a flow layout is below the percentage.
            """,
        options: [
            .source,
            .value("placement", "id", help: "Only what this placement can show: its paywalls, flows or onboardings."),
            .value("locales", "list", help: "Comma-separated device locales to check instead of the default list."),
            .value("mode", "mode", help: "Locale matching: cldr (default), adapty or icu."),
            .value("fail-under", "percent", help: "Exit 1 when a localization has fewer than this percentage of the strings."),
            .flag("json", help: "Print JSON."),
        ],
        examples: [
            CommandExample("What users on these device locales get at the placement onboarding:",
                           ["coverage", "--placement", "onboarding", "--locales", "pt-BR,es-MX,zh-Hant-TW,ja-JP"]),
            CommandExample("In CI: fail when a localization has less than a fifth of its strings:", ["coverage", "--fail-under", "20"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let mode = try arguments.value("mode", expected: "cldr, adapty or icu", MatchMode.init(rawValue:)) ?? .cldr
        let threshold = try arguments.value("fail-under", expected: "a percentage from 0 to 100") { Double($0).flatMap { (0...100).contains($0) ? $0 : nil } }
        let policy = try context.localePolicy(arguments)
        let deviceLocales = try arguments.localeList().map { (locales) throws(CommandFailure) in try checkedTags(locales, policy: policy) }
            ?? defaultDeviceLocales(context)
        let (snapshot, export) = try context.currentExport(arguments)
        let report = CoverageReport(export: export, shownBy: try placement(arguments.value("placement"), in: export),
                                    deviceLocales: deviceLocales, mode: mode, policy: policy)
        if arguments.flag("json") {
            context.standardOutput.writeJSON(CoverageJSON(report: report, snapshot: snapshot, threshold: threshold).value)
        } else {
            CoverageTable(report: report, snapshot: snapshot).lines.forEach(context.standardOutput.writeLine)
        }
        if let threshold, let lowest = report.lowest, lowest.coverage.percent < threshold {
            throw CommandFailure(exitCode: .failure, message: "coverage below \(format(threshold))%: \(lowest.owner) "
                                 + "[\(lowest.coverage.locale)] has \(format(lowest.coverage.percent))%")
        }
    }

    /// The placement `--placement` names, if any.
    private static func placement(_ id: String?, in export: PaywallExport) throws(CommandFailure) -> Placement? {
        guard let id else { return nil }
        guard let placement = export.placements.first(where: { $0.id == id }) else {
            throw CommandFailure.unknownPlacement(id, knownIDs: export.placements.map(\.id))
        }
        return placement
    }

    /// The locales of `--locales` when each is a language tag (the policy's aliases read as it reads them), else exit 65
    /// naming the first that is not.
    private static func checkedTags(_ locales: [String], policy: LocalePolicy) throws(CommandFailure) -> [String] {
        for locale in locales {
            do {
                _ = try policy.languageTag(for: locale)
            } catch {
                throw CommandFailure(exitCode: .dataError, message: "invalid --locales: \(error.description)")
            }
        }
        return locales
    }

    /// The list in `$PAYWALLS_DEVICE_LOCALES`, else the shipped `device-locales.txt`.
    static func defaultDeviceLocales(_ context: CommandContext) throws(CommandFailure) -> [String] {
        guard let path = context.environment[deviceLocalesEnvironmentVariable] ?? context.shippedData.path(of: .deviceLocales) else {
            throw CommandFailure(exitCode: .noInput, message: "no device locale list: \(context.shippedData.notFound(.deviceLocales)); "
                                 + "give --locales L,... or set $\(deviceLocalesEnvironmentVariable)")
        }
        let text: String
        do {
            text = try readTextFile(atPath: path)
        } catch {
            throw CommandFailure(exitCode: error.exitCode, message: "device locale list: \(error.message)")
        }
        return text.split(whereSeparator: \.isNewline).flatMap { availableLocales(in: String($0.prefix { $0 != "#" })) }
    }

    /// One decimal at most: `80`, `66.7`.
    static func format(_ percent: Double) -> String {
        let tenths = (percent * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
