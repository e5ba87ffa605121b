import ArgumentKit
import PaywallEvents
import PaywallModel

/// `paywalls report`: the A/B result per placement and variation from the events, and, split by locale, what
/// each served locale converts.
enum ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Report conversion per placement and variation from the stored events.",
        discussion: """
            A profile is exposed at a placement by its first shown event there, in that event's variation (a
            profile later shown another variation is counted in multipleExposures); it converts with a
            purchase_finished event whose purchase_result is purchased, at that placement, at or after its
            first exposure. Each variation gets its rate, the 95% credible interval of Beta(1 + conversions,
            1 + exposures - conversions), its chance to be best under those posteriors (exact for two
            variations, a numerical integral to about 1e-6 for more), and its revenue per currency. srm
            tests exposures against the weights of the placement's audience in the snapshot the events name
            (else the current one): mismatch when p < 0.001. --by splits each placement by a value of the
            profile's first exposure; a split by locale is observational (locale is not randomized).
            """,
        options: [
            .value("placement", "id", help: "Only this placement."),
            .value("since", "time", help: "Only profiles first exposed at or after this RFC 3339 time (2026-11-01T00:00:00Z), with their purchases whenever made."),
            .value("until", "time", help: "Only profiles first exposed before this RFC 3339 time."),
            .value("by", "key", help: "Split by locale, locale-result, country or platform."),
            .flag("json", help: "Print JSON."),
        ] + EventStoreOptions.specs,
        examples: [
            CommandExample("Conversion per variation at the placement onboarding, split by the locale users got (once events are "
                           + "stored: try `paywalls events ingest sync-config/sample-events.jsonl`):",
                           ["report", "--placement", "onboarding", "--by", "locale"]),
            CommandExample("The profiles first exposed in November, as JSON:", ["report", "--since", "2026-11-01T00:00:00Z", "--until", "2026-12-01T00:00:00Z", "--json"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let query: ReportQuery
        do {
            query = try ReportQuery(options: ReportQuery.optionNames.reduce(into: [:]) { options, name in options[name] = arguments.value(name) })
        } catch {
            throw UsageError(commandPath: arguments.commandPath, message: error.message(calling: "--" + error.option))
        }
        let path = context.storePath(arguments)
        let location = try EventStoreOptions.location(arguments, context: context, storePath: path)
        let report: ConversionReport
        do {
            report = try ConversionReport.build(from: location.open(create: false), query: query, weights: ConversionReport.audienceWeights(inStore: path))
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            context.standardOutput.writeJSON(report.json)
        } else {
            context.standardOutput.write(ReportTable(report).text)
        }
    }
}
