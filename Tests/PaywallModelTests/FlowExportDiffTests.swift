import PaywallModel
import Testing

/// `ExportDiff` of what a placement can show besides paywalls: onboardings and flows, and placements
/// and variations that show them. Each test edits a copy of the format-11 fixture as decoded.
@Suite("ExportDiff of onboardings and flows")
struct FlowExportDiffTests {
    static let base: PaywallExport = {
        do {
            return try AdaptyFallbackDecoderTests.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        } catch {
            fatalError("the format-11 fixture does not decode: \(error)")
        }
    }()

    /// The diff from the fixture to the fixture after `change`.
    static func diff(_ change: (inout PaywallExport) -> Void) -> ExportDiff {
        var export = base
        change(&export)
        return ExportDiff(from: base, to: export)
    }

    /// One top-level group of the diff's JSON, rendered compactly.
    static func group(_ name: String, of diff: ExportDiff) -> String? {
        diff.json().objectValue?[name]?.rendered()
    }

    static let unchanged = #"{"added":[],"removed":[],"changed":{}}"#

    /// What the edits below rely on, so that a changed fixture fails here rather than puzzles there.
    @Test func theFixtureAsTheseTestsEditIt() {
        #expect(Self.base.placements.map(\.id) == ["sleep", "welcome", "promo.été"])
        #expect(Self.base.placements.prefix(2).map(\.kind) == [.flow, .onboarding])
        #expect(Self.base.placements[1].audiences[0].variations.map(\.variationID) == ["ov-a", "ov-b"])
        #expect(Self.base.onboardings.map(\.id) == ["onb-1", "onb-2"])
        #expect(Self.base.onboardings.map { $0.remoteConfig?.locale } == ["en", nil])
        #expect(Self.base.flows.map(\.id) == ["flow-sleep", "flow-sleep-short"])
        #expect(Self.base.flows[0].remoteConfigs.map(\.locale) == ["en", "de", "pt-BR", "ar"])
        #expect(Self.base.flows[0].layouts.map(\.id) == ["lay-phone", "lay-tablet"])
        #expect(Self.base.flows[0].layouts[0].localizations.map(\.locale) == ["en", "de", "pt", "pt-BR", "ar", "zh-Hant"])
        #expect(Self.base.flows[0].paywalls.map(\.paywallID) == ["pw-yearly", "pw-weekly"])
    }

    @Test func theSameFileInAnotherOrderDiffersInNothing() {
        let diff = Self.diff { export in
            export.onboardings.reverse()
            export.flows.reverse()
            for flow in export.flows.indices {
                export.flows[flow].remoteConfigs.reverse()
                export.flows[flow].paywalls.reverse()
                export.flows[flow].layouts.reverse()
                for layout in export.flows[flow].layouts.indices {
                    export.flows[flow].layouts[layout].localizations.reverse()
                }
            }
        }
        #expect(diff.isEmpty)
        #expect(Self.group("onboardings", of: diff) == Self.unchanged)
        #expect(Self.group("flows", of: diff) == Self.unchanged)
    }

    @Test func aPlacementThatShowsAnotherKind() {
        let diff = Self.diff {
            $0.placements[1].kind = .flow
            $0.placements[1].audiences[0].variations[0].contentKey = "flow-sleep"
        }
        #expect(diff.changes == [
            .placementKind(placement: "welcome", from: .onboarding, to: .flow),
            .contentSwap(placement: "welcome", audience: "All Users", variation: "ov-a",
                         from: Change.Content(.onboarding, "onb-1"), to: Change.Content(.flow, "flow-sleep")),
            // The same id, now read as a flow's: what the variation shows changed all the same.
            .contentSwap(placement: "welcome", audience: "All Users", variation: "ov-b",
                         from: Change.Content(.onboarding, "onb-2"), to: Change.Content(.flow, "onb-2")),
        ])
        #expect(diff.summary() == [
            "placement welcome: kind onboarding -> flow",
            "placement welcome: audience 'All Users': variation ov-a onboarding onb-1 -> flow flow-sleep",
            "placement welcome: audience 'All Users': variation ov-b onboarding onb-2 -> flow onb-2",
        ])
        #expect(Self.group("placements", of: diff) == #"{"added":[],"removed":[],"changed":{"welcome":{"kind":{"from":"onboarding","to":"flow"},"#
            + #""audiences":{"added":[],"removed":[],"changed":{"All Users":{"variations":{"added":[],"removed":[],"changed":{"#
            + #""ov-a":{"onboardingId":{"from":"onb-1","to":null},"flowId":{"from":null,"to":"flow-sleep"}},"#
            + #""ov-b":{"onboardingId":{"from":"onb-2","to":null},"flowId":{"from":null,"to":"onb-2"}}}}}}}}}}"#)
    }

    @Test func variationsThatShowAnotherFlowOrOnboarding() {
        let diff = Self.diff {
            $0.placements[0].audiences[0].variations[1].contentKey = "flow-sleep"
            $0.placements[1].audiences[0].variations[1].contentKey = "onb-1"
        }
        #expect(diff.changes == [
            .contentSwap(placement: "sleep", audience: "All Users", variation: "fv-b",
                         from: Change.Content(.flow, "flow-sleep-short"), to: Change.Content(.flow, "flow-sleep")),
            .contentSwap(placement: "welcome", audience: "All Users", variation: "ov-b",
                         from: Change.Content(.onboarding, "onb-2"), to: Change.Content(.onboarding, "onb-1")),
        ])
        #expect(diff.summary() == [
            "placement sleep: audience 'All Users': variation fv-b flow flow-sleep-short -> flow-sleep",
            "placement welcome: audience 'All Users': variation ov-b onboarding onb-2 -> onb-1",
        ])
        let placements = Self.group("placements", of: diff) ?? ""
        #expect(placements.contains(#""fv-b":{"flowId":{"from":"flow-sleep-short","to":"flow-sleep"}}"#))
        #expect(placements.contains(#""ov-b":{"onboardingId":{"from":"onb-2","to":"onb-1"}}"#))
    }

    @Test func onboardingsAddedAndRemoved() {
        let diff = Self.diff { $0.onboardings[1].id = "onb-3" }
        #expect(diff.changes == [.removed(.onboarding("onb-2")), .added(.onboarding("onb-3"))])
        #expect(diff.summary() == ["onboarding onb-2 removed", "onboarding onb-3 added"])
        #expect(Self.group("onboardings", of: diff) == #"{"added":["onb-3"],"removed":["onb-2"],"changed":{}}"#)
    }

    @Test func anOnboardingsNameBuilderURLAndLanguage() {
        let diff = Self.diff {
            $0.onboardings[0].name = "Welcome"
            $0.onboardings[0].configURL = "https://builder.example.com/onb/onb-1?v=2"
            $0.onboardings[0].builderLocale = "de"
        }
        #expect(diff.changes == [
            .attribute(of: .onboarding("onb-1"), .name, from: "Welcome A", to: "Welcome"),
            .attribute(of: .onboarding("onb-1"), .configURL, from: "https://builder.example.com/onb/onb-1",
                       to: "https://builder.example.com/onb/onb-1?v=2"),
            .attribute(of: .onboarding("onb-1"), .builderLocale, from: "en", to: "de"),
        ])
        #expect(diff.summary() == [
            #"onboarding onb-1: name "Welcome A" -> "Welcome""#,
            #"onboarding onb-1: config URL "https://builder.example.com/onb/onb-1" -> "https://builder.example.com/onb/onb-1?v=2""#,
            #"onboarding onb-1: builder language "en" -> "de""#,
        ])
        #expect(Self.group("onboardings", of: diff) == #"{"added":[],"removed":[],"changed":{"onb-1":{"#
            + #""name":{"from":"Welcome A","to":"Welcome"},"#
            + #""configUrl":{"from":"https://builder.example.com/onb/onb-1","to":"https://builder.example.com/onb/onb-1?v=2"},"#
            + #""builderLocale":{"from":"en","to":"de"}}}}"#)
    }

    @Test func anOnboardingsRemoteConfig() {
        let keys = Self.diff {
            $0.onboardings[0].remoteConfig?.document = .object(JSONObject(["skip_button": .bool(true), "theme": .string("dark")]))
        }
        #expect(keys.changes == [.remoteConfigKeys(of: .onboarding("onb-1"), locale: "en", Change.KeyChanges(added: ["theme"], changed: ["skip_button"]))])
        #expect(keys.summary() == ["onboarding onb-1 [en]: remote config keys added: theme; changed: skip_button"])
        #expect(Self.group("onboardings", of: keys) == #"{"added":[],"removed":[],"changed":{"onb-1":{"remoteConfigs":{"added":[],"removed":[],"#
            + #""changed":{"en":{"keys":{"added":["theme"],"removed":[],"changed":["skip_button"]}}}}}}}"#)

        // An onboarding has one remote config at most: another language is one added and one removed.
        let languages = Self.diff {
            $0.onboardings[0].remoteConfig?.locale = "de"
            $0.onboardings[1].remoteConfig = RemoteConfig(locale: "en", document: .object(JSONObject()))
        }
        #expect(languages.changes == [
            .added(.remoteConfig(of: .onboarding("onb-1"), locale: "de")),
            .removed(.remoteConfig(of: .onboarding("onb-1"), locale: "en")),
            .added(.remoteConfig(of: .onboarding("onb-2"), locale: "en")),
        ])
        #expect(languages.summary() == [
            "onboarding onb-1: remote config de added",
            "onboarding onb-1: remote config en removed",
            "onboarding onb-2: remote config en added",
        ])
        #expect(Self.group("onboardings", of: languages) == #"{"added":[],"removed":[],"changed":{"#
            + #""onb-1":{"remoteConfigs":{"added":["de"],"removed":["en"],"changed":{}}},"#
            + #""onb-2":{"remoteConfigs":{"added":["en"],"removed":[],"changed":{}}}}}"#)
    }

    @Test func flowsAddedAndRemoved() {
        let diff = Self.diff { $0.flows[1].id = "flow-nap" }
        #expect(diff.changes == [.added(.flow("flow-nap")), .removed(.flow("flow-sleep-short"))])
        #expect(diff.summary() == ["flow flow-nap added", "flow flow-sleep-short removed"])
        #expect(Self.group("flows", of: diff) == #"{"added":["flow-nap"],"removed":["flow-sleep-short"],"changed":{}}"#)
    }

    @Test func aFlowsNameAndVersion() {
        let diff = Self.diff {
            $0.flows[0].name = "Sleep flow"
            $0.flows[0].versionID = nil
        }
        #expect(diff.changes == [
            .attribute(of: .flow("flow-sleep"), .name, from: "Sleep onboarding flow", to: "Sleep flow"),
            .attribute(of: .flow("flow-sleep"), .versionID, from: "fver-7", to: nil),
        ])
        #expect(diff.summary() == [
            #"flow flow-sleep: name "Sleep onboarding flow" -> "Sleep flow""#,
            #"flow flow-sleep: version id "fver-7" -> none"#,
        ])
        #expect(Self.group("flows", of: diff) == #"{"added":[],"removed":[],"changed":{"flow-sleep":{"#
            + #""name":{"from":"Sleep onboarding flow","to":"Sleep flow"},"versionId":{"from":"fver-7","to":null}}}}"#)
    }

    @Test func aFlowsRemoteConfigLanguages() {
        let diff = Self.diff {
            $0.flows[0].remoteConfigs.removeLast()  // ar
            $0.flows[0].remoteConfigs[1].document = .object(JSONObject(["cta": .string("Los"), "trial_days": .number("7")]))
            $0.flows[0].remoteConfigs.append(RemoteConfig(locale: "fr", document: .object(JSONObject(["cta": .string("Allez")]))))
        }
        #expect(diff.changes == [
            .removed(.remoteConfig(of: .flow("flow-sleep"), locale: "ar")),
            .remoteConfigKeys(of: .flow("flow-sleep"), locale: "de", Change.KeyChanges(changed: ["cta"])),
            .added(.remoteConfig(of: .flow("flow-sleep"), locale: "fr")),
        ])
        #expect(diff.summary() == [
            "flow flow-sleep: remote config ar removed",
            "flow flow-sleep [de]: remote config keys changed: cta",
            "flow flow-sleep: remote config fr added",
        ])
        #expect(Self.group("flows", of: diff) == #"{"added":[],"removed":[],"changed":{"flow-sleep":{"remoteConfigs":{"#
            + #""added":["fr"],"removed":["ar"],"changed":{"de":{"keys":{"added":[],"removed":[],"changed":["cta"]}}}}}}}"#)
    }

    @Test func aFlowsLayoutsAndTheirStrings() {
        let diff = Self.diff {
            $0.flows[0].layouts[1].id = "lay-landscape"
            var phone = $0.flows[0].layouts[0]
            phone.localizations.removeLast()  // zh-Hant
            phone.localizations[1].strings = JSONObject([
                "title": .string("Heute Nacht besser schlafen"), "cta": .string("Weiter"), "terms": .string("Jederzeit kündbar"),
            ])
            phone.localizations[4].strings = JSONObject()  // ar: its title removed
            phone.localizations.append(Localization(locale: "fr", remoteConfig: nil, strings: JSONObject(["title": .string("Dormez mieux")]),
                                                    assets: JSONObject(), isRightToLeft: nil))
            $0.flows[0].layouts[0] = phone
        }
        let phone = Change.Item.layout(flow: "flow-sleep", id: "lay-phone")
        #expect(diff.changes == [
            .added(.layout(flow: "flow-sleep", id: "lay-landscape")),
            .strings(of: phone, locale: "ar", Change.KeyChanges(removed: ["title"])),
            .strings(of: phone, locale: "de", Change.KeyChanges(added: ["terms"], changed: ["title"])),
            .added(.localization(of: phone, locale: "fr")),
            .removed(.localization(of: phone, locale: "zh-Hant")),
            .removed(.layout(flow: "flow-sleep", id: "lay-tablet")),
        ])
        #expect(diff.summary() == [
            "flow flow-sleep: layout lay-landscape added",
            "flow flow-sleep: layout lay-phone [ar]: strings removed: title",
            "flow flow-sleep: layout lay-phone [de]: strings added: terms; changed: title",
            "flow flow-sleep: layout lay-phone: localization fr added",
            "flow flow-sleep: layout lay-phone: localization zh-Hant removed",
            "flow flow-sleep: layout lay-tablet removed",
        ])
        #expect(Self.group("flows", of: diff) == #"{"added":[],"removed":[],"changed":{"flow-sleep":{"layouts":{"#
            + #""added":["lay-landscape"],"removed":["lay-tablet"],"changed":{"lay-phone":{"localizations":{"added":["fr"],"removed":["zh-Hant"],"changed":{"#
            + #""ar":{"strings":{"added":[],"removed":["title"],"changed":[]}},"#
            + #""de":{"strings":{"added":["terms"],"removed":[],"changed":["title"]}}}}}}}}}}"#)
    }

    @Test func theFlowsPaywallsByID() {
        let diff = Self.diff {
            $0.flows[0].paywalls[1] = FlowPaywall(variationID: "pv-monthly", paywallID: "pw-monthly", paywallName: "Monthly",
                                                  webPurchaseURL: nil, productKeys: [])
        }
        #expect(diff.changes == [
            .added(.flowPaywall(flow: "flow-sleep", paywall: "pw-monthly")),
            .removed(.flowPaywall(flow: "flow-sleep", paywall: "pw-weekly")),
        ])
        #expect(diff.summary() == ["flow flow-sleep: paywall pw-monthly added", "flow flow-sleep: paywall pw-weekly removed"])
        #expect(Self.group("flows", of: diff) == #"{"added":[],"removed":[],"changed":{"flow-sleep":{"paywalls":{"#
            + #""added":["pw-monthly"],"removed":["pw-weekly"],"changed":{}}}}}"#)
    }

    /// All of a flow's kinds of change at once: its entry lists them in one order, whatever the edits'.
    @Test func aFlowsChangesInTheirOrder() {
        let diff = Self.diff {
            $0.flows[0].paywalls.removeLast()
            $0.flows[0].layouts[1].localizations.removeLast()
            $0.flows[0].remoteConfigs.removeLast()
            $0.flows[0].versionID = "fver-9"
            $0.flows[0].name = "Sleep"
        }
        #expect(diff.summary() == [
            #"flow flow-sleep: name "Sleep onboarding flow" -> "Sleep""#,
            #"flow flow-sleep: version id "fver-7" -> "fver-9""#,
            "flow flow-sleep: remote config ar removed",
            "flow flow-sleep: layout lay-tablet: localization de removed",
            "flow flow-sleep: paywall pw-weekly removed",
        ])
        #expect(Self.group("flows", of: diff) == #"{"added":[],"removed":[],"changed":{"flow-sleep":{"#
            + #""name":{"from":"Sleep onboarding flow","to":"Sleep"},"versionId":{"from":"fver-7","to":"fver-9"},"#
            + #""remoteConfigs":{"added":[],"removed":["ar"],"changed":{}},"#
            + #""layouts":{"added":[],"removed":[],"changed":{"lay-tablet":{"localizations":{"added":[],"removed":["de"],"changed":{}}}}},"#
            + #""paywalls":{"added":[],"removed":["pw-weekly"],"changed":{}}}}}"#)
    }
}
