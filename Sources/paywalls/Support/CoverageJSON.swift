import PaywallModel
import PaywallResolver
import PaywallStore

/// The JSON form of `paywalls coverage`: the snapshot, the lowest percentage, then paywalls, flows and
/// onboardings in export order.
struct CoverageJSON {
    let report: CoverageReport
    let snapshot: SnapshotInfo
    let threshold: Double?

    var value: JSONValue {
        .object(JSONObject([
            "snapshot": .string(snapshot.key),
            "lowestPercent": report.lowest.map { .number(CoverageCommand.format($0.coverage.percent)) } ?? .null,
            "failUnder": threshold.map { .number(CoverageCommand.format($0)) } ?? .null,
            "paywalls": .array(report.paywalls.map { paywall in
                object(["id": .string(paywall.paywallID), "name": .string(paywall.name)], with: paywall.strings)
            }),
            "flows": .array(report.flows.map { flow in
                .object(JSONObject([
                    "id": .string(flow.flowID),
                    "name": .string(flow.name),
                    "defaultLocale": .string(flow.defaultLocale),
                    "remoteConfigs": .object(JSONObject([
                        "locales": .strings(flow.remoteConfigs.locales),
                        "deviceLocales": json(flow.remoteConfigs.deviceLocales),
                    ])),
                    "layouts": .array(flow.layouts.map { layout in
                        object(["id": .string(layout.layoutID)], with: layout.strings)
                    }),
                ]))
            }),
            "onboardings": .array(report.onboardings.map { onboarding in
                .object(JSONObject([
                    "id": .string(onboarding.id),
                    "name": .string(onboarding.name),
                    "configUrl": .string(onboarding.configURL),
                    "builderLocale": .string(onboarding.builderLocale),
                    "remoteConfigLocale": .optional(onboarding.remoteConfig?.locale),
                    // The vendor's web builder localizes the screens from the app's Accept-Language.
                    "localizedBy": .string("accept-language"),
                ]))
            }),
        ]))
    }

    /// `head`, then `defaultLocale`, `localizations` and `deviceLocales`: a paywall's or a layout's.
    private func object(_ head: KeyValuePairs<String, JSONValue>, with strings: CoverageReport.StringsCoverage) -> JSONValue {
        var object = JSONObject(head)
        object.append("defaultLocale", .string(strings.defaultLocale))
        object.append("localizations", .array(strings.localizations.map { coverage in
            .object(JSONObject([
                "locale": .string(coverage.locale),
                "translated": .integer(coverage.translated),
                "total": .integer(coverage.total),
                "percent": .number(CoverageCommand.format(coverage.percent)),
                "missing": .strings(coverage.missing),
            ]))
        }))
        object.append("deviceLocales", json(strings.deviceLocales))
        return .object(object)
    }

    private func json(_ outcomes: [CoverageReport.DeviceLocaleOutcome]) -> JSONValue {
        .array(outcomes.map { outcome in
            .object(JSONObject([
                "locale": .string(outcome.deviceLocale),
                "gets": .string(outcome.localization),
                "result": .string(outcome.outcome.rawValue),
            ]))
        })
    }
}
