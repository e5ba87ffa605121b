import PaywallModel
import Testing

@Suite("ExportDiff")
struct ExportDiffTests {
    static let emptyJSON = #"{"placements":{"added":[],"removed":[],"changed":{}},"paywalls":{"added":[],"removed":[],"changed":{}},"#
        + #""onboardings":{"added":[],"removed":[],"changed":{}},"flows":{"added":[],"removed":[],"changed":{}},"#
        + #""products":{"added":[],"removed":[],"changed":{}},"segments":{"added":[],"removed":[],"changed":{}}}"#

    static let base = PaywallExport(
        appID: "com.example.app", revision: 41, exportedAt: "2026-11-28T12:00:00Z", defaultLocale: "en",
        format: .paywallExport(version: 1),
        segments: [
            Segment(id: "asa", conditions: [Condition(attribute: "attribution_source", op: .in, values: ["apple_ads"])]),
            Segment(id: "br", conditions: [Condition(attribute: "country", op: .in, values: ["BR", "PT"])]),
        ],
        products: [
            Product(id: "p1", vendorProductID: "premium_monthly", accessLevelID: "premium",
                    period: SubscriptionPeriod(unit: .month, count: 1), trial: nil, titles: ["en": "Premium Monthly"],
                    prices: [Price(country: "US", currency: "USD", amount: "9.99"), Price(country: "BR", currency: "BRL", amount: "49.90")]),
        ],
        paywalls: [
            Paywall(id: "pw1", name: "Onboarding A", productKeys: ["p1"], defaultLocale: "en", localizations: [
                localization("en", strings: ["title": .string("Go Premium"), "cta": .string("Start free trial")]),
                localization("pt-br", strings: ["title": .string("Seja Premium")]),
            ], view: nil),
            Paywall(id: "pw2", name: "Onboarding B", productKeys: ["p1"], defaultLocale: "en", localizations: [
                localization("en", strings: ["title": .string("Upgrade")]),
            ], view: nil),
        ],
        placements: [
            Placement(id: "onboarding", audiences: [
                Audience(name: "Apple Ads", priority: 0, segmentIDs: ["asa"], versionID: "3f0c", variations: [
                    Variation(variationID: "v-a", contentKey: "pw1", weight: 50),
                    Variation(variationID: "v-b", contentKey: "pw2", weight: 50),
                ]),
                Audience(name: "All Users", priority: 100, segmentIDs: [], versionID: "9a1d", variations: [
                    Variation(variationID: "v-c", contentKey: "pw1", weight: 100),
                ]),
            ]),
        ]
    )

    static func localization(_ locale: String, strings: KeyValuePairs<String, JSONValue>) -> Localization {
        Localization(locale: locale, remoteConfig: nil, strings: JSONObject(strings), assets: JSONObject(), isRightToLeft: nil)
    }

    /// The base export after `change`.
    static func changed(_ change: (inout PaywallExport) -> Void) -> PaywallExport {
        var export = base
        change(&export)
        return export
    }

    /// The diff from the base to the base after `change`.
    static func diff(_ change: (inout PaywallExport) -> Void) -> ExportDiff {
        ExportDiff(from: base, to: changed(change))
    }

    @Test("identical exports differ in nothing")
    func identical() {
        let diff = ExportDiff(from: Self.base, to: Self.base)
        #expect(diff.isEmpty)
        #expect(diff.changes == [])
        #expect(diff.summary() == [])
        #expect(diff.json().rendered() == Self.emptyJSON)
    }

    @Test("export metadata is not a change")
    func metadata() {
        let diff = Self.diff {
            $0.revision = 42
            $0.exportedAt = "2026-11-29T12:00:00Z"
        }
        #expect(diff.isEmpty)
    }

    @Test("a placement added, then removed")
    func placements() {
        let new = Self.changed {
            $0.placements.append(Placement(id: "settings", audiences: [
                Audience(name: "All Users", priority: 0, segmentIDs: [], versionID: "77aa", variations: [
                    Variation(variationID: "v-s", contentKey: "pw2", weight: 100),
                ]),
            ]))
        }
        let added = ExportDiff(from: Self.base, to: new)
        #expect(added.changes == [.added(.placement("settings"))])
        #expect(added.summary() == ["placement settings added"])
        #expect(added.json().rendered().hasPrefix(#"{"placements":{"added":["settings"],"removed":[],"changed":{}},"#))
        let removed = ExportDiff(from: new, to: Self.base)
        #expect(removed.changes == [.removed(.placement("settings"))])
        #expect(removed.summary() == ["placement settings removed"])
        #expect(!removed.isEmpty)
    }

    @Test("audiences added and removed, by name")
    func audiences() {
        let diff = Self.diff {
            $0.placements[0].audiences[0].name = "Apple Search Ads"
        }
        #expect(diff.changes == [
            .removed(.audience(placement: "onboarding", name: "Apple Ads")),
            .added(.audience(placement: "onboarding", name: "Apple Search Ads")),
        ])
        #expect(diff.summary() == [
            "placement onboarding: audience 'Apple Ads' removed",
            "placement onboarding: audience 'Apple Search Ads' added",
        ])
        #expect(diff.json().rendered().hasPrefix(
            #"{"placements":{"added":[],"removed":[],"changed":{"onboarding":{"audiences":{"added":["Apple Search Ads"],"removed":["Apple Ads"],"changed":{}}}}},"#))
    }

    @Test("an audience's priority")
    func priority() {
        let diff = Self.diff { $0.placements[0].audiences[1].priority = 90 }
        #expect(diff.changes == [.audiencePriority(placement: "onboarding", audience: "All Users", from: 100, to: 90)])
        #expect(diff.summary() == ["placement onboarding: audience 'All Users': priority 100 -> 90"])
    }

    @Test("an audience's segments, whose order means nothing")
    func audienceSegments() {
        let diff = Self.diff { $0.placements[0].audiences[0].segmentIDs = ["br", "asa"] }
        #expect(diff.changes == [.audienceSegments(placement: "onboarding", audience: "Apple Ads", from: ["asa"], to: ["asa", "br"])])
        #expect(diff.summary() == ["placement onboarding: audience 'Apple Ads': segments [asa] -> [asa, br]"])
        #expect(diff.json().rendered().hasPrefix(
            #"{"placements":{"added":[],"removed":[],"changed":{"onboarding":{"audiences":{"added":[],"removed":[],"changed":{"#
                + #""Apple Ads":{"segmentIds":{"from":["asa"],"to":["asa","br"]}}}}}}},"#))

        let reordered = ExportDiff(
            from: Self.changed { $0.placements[0].audiences[0].segmentIDs = ["asa", "br"] },
            to: Self.changed { $0.placements[0].audiences[0].segmentIDs = ["br", "asa"] })
        #expect(reordered.isEmpty)
    }

    @Test("variations added and removed")
    func variations() {
        let diff = Self.diff {
            $0.placements[0].audiences[1].variations = [
                Variation(variationID: "v-d", contentKey: "pw1", weight: 100),
            ]
        }
        #expect(diff.changes == [
            .removed(.variation(placement: "onboarding", audience: "All Users", id: "v-c")),
            .added(.variation(placement: "onboarding", audience: "All Users", id: "v-d")),
        ])
        #expect(diff.summary() == [
            "placement onboarding: audience 'All Users': variation v-c removed",
            "placement onboarding: audience 'All Users': variation v-d added",
        ])
        #expect(diff.json().rendered().hasPrefix(
            #"{"placements":{"added":[],"removed":[],"changed":{"onboarding":{"audiences":{"added":[],"removed":[],"changed":{"#
                + #""All Users":{"variations":{"added":["v-d"],"removed":["v-c"],"changed":{}}}}}}}},"#))
    }

    @Test("a variation's weight")
    func weight() {
        let diff = Self.diff {
            $0.placements[0].audiences[0].variations[0].weight = 70
            $0.placements[0].audiences[0].variations[1].weight = 30
        }
        #expect(diff.changes == [
            .variationWeight(placement: "onboarding", audience: "Apple Ads", variation: "v-a", from: 50, to: 70),
            .variationWeight(placement: "onboarding", audience: "Apple Ads", variation: "v-b", from: 50, to: 30),
        ])
        #expect(diff.summary() == [
            "placement onboarding: audience 'Apple Ads': variation v-a weight 50 -> 70",
            "placement onboarding: audience 'Apple Ads': variation v-b weight 50 -> 30",
        ])
    }

    @Test("a variation that shows another paywall")
    func contentSwap() {
        let diff = Self.diff { $0.placements[0].audiences[1].variations[0].contentKey = "pw2" }
        #expect(diff.changes == [.contentSwap(placement: "onboarding", audience: "All Users", variation: "v-c",
                                              from: Change.Content(.paywall, "pw1"), to: Change.Content(.paywall, "pw2"))])
        #expect(diff.summary() == ["placement onboarding: audience 'All Users': variation v-c paywall pw1 -> pw2"])
        #expect(diff.json().rendered().hasPrefix(
            #"{"placements":{"added":[],"removed":[],"changed":{"onboarding":{"audiences":{"added":[],"removed":[],"changed":{"#
                + #""All Users":{"variations":{"added":[],"removed":[],"changed":{"v-c":{"paywallId":{"from":"pw1","to":"pw2"}}}}}}}}}},"#))
    }

    @Test("paywalls added and removed")
    func paywalls() {
        let diff = Self.diff {
            $0.paywalls[1].id = "pw3"
        }
        #expect(diff.changes == [.removed(.paywall("pw2")), .added(.paywall("pw3"))])
        #expect(diff.summary() == ["paywall pw2 removed", "paywall pw3 added"])
        #expect(diff.json().rendered().contains(#""paywalls":{"added":["pw3"],"removed":["pw2"],"changed":{}}"#))
    }

    @Test("localizations added and removed")
    func localizations() {
        let diff = Self.diff {
            $0.paywalls[0].localizations[1] = Self.localization("de", strings: ["title": .string("Premium holen")])
        }
        #expect(diff.changes == [
            .added(.localization(of: .paywall("pw1"), locale: "de")),
            .removed(.localization(of: .paywall("pw1"), locale: "pt-br")),
        ])
        #expect(diff.summary() == ["paywall pw1: localization de added", "paywall pw1: localization pt-br removed"])
        #expect(diff.json().rendered().contains(
            #""paywalls":{"added":[],"removed":[],"changed":{"pw1":{"localizations":{"added":["de"],"removed":["pt-br"],"changed":{}}}}}"#))
    }

    @Test("string ids added, removed and changed, compared as JSON values")
    func strings() {
        let diff = Self.diff {
            $0.paywalls[0].localizations[0].strings = JSONObject([
                "title": .string("Go Premium now"),
                "subtitle": .string("Cancel anytime"),
            ])
        }
        #expect(diff.changes == [.strings(of: .paywall("pw1"), locale: "en", Change.KeyChanges(added: ["subtitle"], removed: ["cta"], changed: ["title"]))])
        #expect(diff.summary() == ["paywall pw1 [en]: strings added: subtitle; removed: cta; changed: title"])
        #expect(diff.json().rendered().contains(
            #""paywalls":{"added":[],"removed":[],"changed":{"pw1":{"localizations":{"added":[],"removed":[],"changed":{"#
                + #""en":{"strings":{"added":["subtitle"],"removed":["cta"],"changed":["title"]}}}}}}}"#))

        let richText = Self.diff {
            $0.paywalls[0].localizations[1].strings = JSONObject([
                "title": .array([.object(JSONObject(["text": .string("Seja Premium"), "bold": .bool(true)]))]),
            ])
        }
        #expect(richText.summary() == ["paywall pw1 [pt-br]: strings changed: title"])
    }

    @Test("reordered keys inside a rich-text value are no change")
    func richTextKeyOrder() {
        func export(_ item: JSONObject) -> PaywallExport {
            Self.changed { $0.paywalls[0].localizations[1].strings = JSONObject(["title": .array([.object(item)])]) }
        }
        let diff = ExportDiff(
            from: export(JSONObject(["text": .string("Seja Premium"), "bold": .bool(true)])),
            to: export(JSONObject(["bold": .bool(true), "text": .string("Seja Premium")])))
        #expect(diff.isEmpty)
    }

    @Test("products added and removed")
    func products() {
        let diff = Self.diff {
            $0.products.append(Product(id: "p2", vendorProductID: "premium_yearly", accessLevelID: "premium",
                                       period: SubscriptionPeriod(unit: .year, count: 1), trial: nil, titles: [:], prices: []))
        }
        #expect(diff.changes == [.added(.product("p2"))])
        #expect(diff.summary() == ["product p2 added"])
        #expect(ExportDiff(from: Self.changed { _ in }, to: Self.changed { $0.products = [] }).summary() == ["product p1 removed"])
    }

    @Test("prices per country: amount or currency changed, country added or dropped")
    func prices() {
        let diff = Self.diff {
            $0.products[0].prices = [
                Price(country: "BR", currency: "BRL", amount: "54.90"),
                Price(country: "PT", currency: "EUR", amount: "8.99"),
            ]
        }
        #expect(diff.changes == [
            .price(product: "p1", country: "BR", from: Price(country: "BR", currency: "BRL", amount: "49.90"),
                   to: Price(country: "BR", currency: "BRL", amount: "54.90")),
            .price(product: "p1", country: "PT", from: nil, to: Price(country: "PT", currency: "EUR", amount: "8.99")),
            .price(product: "p1", country: "US", from: Price(country: "US", currency: "USD", amount: "9.99"), to: nil),
        ])
        #expect(diff.summary() == [
            "product p1: price BR 49.90 BRL -> 54.90 BRL",
            "product p1: price PT none -> 8.99 EUR",
            "product p1: price US 9.99 USD -> none",
        ])
        #expect(diff.json().rendered().contains(
            #""products":{"added":[],"removed":[],"changed":{"p1":{"prices":{"#
                + #""BR":{"from":{"currency":"BRL","amount":"49.90"},"to":{"currency":"BRL","amount":"54.90"}},"#
                + #""PT":{"from":null,"to":{"currency":"EUR","amount":"8.99"}},"#
                + #""US":{"from":{"currency":"USD","amount":"9.99"},"to":null}}}}}"#))

        let currency = Self.diff { $0.products[0].prices[0].currency = "USN" }
        #expect(currency.summary() == ["product p1: price US 9.99 USD -> 9.99 USN"])
    }

    @Test("segments added and removed")
    func segments() {
        let diff = Self.diff {
            $0.segments[0] = Segment(id: "v2", conditions: [Condition(attribute: "app_version", op: .gte, values: ["2.0.0"])])
        }
        #expect(diff.changes == [.removed(.segment("asa")), .added(.segment("v2"))])
        #expect(diff.summary() == ["segment asa removed", "segment v2 added"])
        #expect(diff.json().rendered().hasSuffix(#""segments":{"added":["v2"],"removed":["asa"],"changed":{}}}"#))
    }

    @Test("a segment's conditions, whose order and list order mean nothing")
    func segmentConditions() {
        let diff = Self.diff {
            $0.segments[1].conditions = [
                Condition(attribute: "platform", op: .eq, values: ["ios"]),
                Condition(attribute: "country", op: .in, values: ["PT", "BR", "AO"]),
                Condition(attribute: "email", op: .exists, values: []),
            ]
        }
        #expect(diff.changes == [.segmentConditions(segment: "br", from: [
            Condition(attribute: "country", op: .in, values: ["BR", "PT"]),
        ], to: [
            Condition(attribute: "country", op: .in, values: ["AO", "BR", "PT"]),
            Condition(attribute: "email", op: .exists, values: []),
            Condition(attribute: "platform", op: .eq, values: ["ios"]),
        ])])
        #expect(diff.summary() == [
            "segment br: conditions country in [BR, PT] -> country in [AO, BR, PT] and email exists and platform eq ios",
        ])
        #expect(diff.json().rendered().hasSuffix(
            #""segments":{"added":[],"removed":[],"changed":{"br":{"conditions":{"#
                + #""from":[{"attribute":"country","op":"in","values":["BR","PT"]}],"#
                + #""to":[{"attribute":"country","op":"in","values":["AO","BR","PT"]},"#
                + #"{"attribute":"email","op":"exists","values":[]},"#
                + #"{"attribute":"platform","op":"eq","values":["ios"]}]}}}}}"#))

        let reordered = Self.diff { $0.segments[1].conditions[0].values = ["PT", "BR"] }
        #expect(reordered.isEmpty)
    }

    /// Something of every kind changed at once.
    static let combined = changed {
        $0.segments.append(Segment(id: "v2", conditions: [Condition(attribute: "app_version", op: .gte, values: ["2.0.0"])]))
        $0.segments[1].conditions[0].values = ["AO", "BR", "PT"]
        $0.products[0].prices[1].amount = "54.90"
        $0.products.append(Product(id: "p2", vendorProductID: "premium_yearly", accessLevelID: nil, period: nil, trial: nil,
                                   titles: [:], prices: [Price(country: "US", currency: "USD", amount: "59.99")]))
        $0.paywalls[0].localizations[1].strings = JSONObject(["title": .string("Assine já"), "cta": .string("Começar")])
        $0.paywalls[0].localizations.append(localization("de", strings: ["title": .string("Premium holen")]))
        $0.paywalls.append(Paywall(id: "pw3", name: "Onboarding C", productKeys: ["p2"], defaultLocale: "en",
                                   localizations: [localization("en", strings: ["title": .string("Try it")])], view: nil))
        $0.placements[0].audiences[0].priority = 10
        $0.placements[0].audiences[0].segmentIDs = ["asa", "br"]
        $0.placements[0].audiences[0].variations[1].contentKey = "pw3"
        $0.placements[0].audiences[1].variations = [
            Variation(variationID: "v-c", contentKey: "pw1", weight: 50),
            Variation(variationID: "v-d", contentKey: "pw2", weight: 50),
        ]
        $0.placements[0].audiences.insert(Audience(name: "Brazil", priority: 5, segmentIDs: ["br"], versionID: "b4e2", variations: [
            Variation(variationID: "v-e", contentKey: "pw1", weight: 100),
        ]), at: 1)
        $0.placements.append(Placement(id: "settings", audiences: [
            Audience(name: "All Users", priority: 0, segmentIDs: [], versionID: "77aa", variations: [
                Variation(variationID: "v-s", contentKey: "pw2", weight: 100),
            ]),
        ]))
    }

    @Test("every kind of change at once: the full summary and JSON")
    func everything() {
        let diff = ExportDiff(from: Self.base, to: Self.combined)
        #expect(diff.summary() == [
            "placement onboarding: audience 'All Users': variation v-c weight 100 -> 50",
            "placement onboarding: audience 'All Users': variation v-d added",
            "placement onboarding: audience 'Apple Ads': priority 0 -> 10",
            "placement onboarding: audience 'Apple Ads': segments [asa] -> [asa, br]",
            "placement onboarding: audience 'Apple Ads': variation v-b paywall pw2 -> pw3",
            "placement onboarding: audience 'Brazil' added",
            "placement settings added",
            "paywall pw1: localization de added",
            "paywall pw1 [pt-br]: strings added: cta; changed: title",
            "paywall pw3 added",
            "product p1: price BR 49.90 BRL -> 54.90 BRL",
            "product p2 added",
            "segment br: conditions country in [BR, PT] -> country in [AO, BR, PT]",
            "segment v2 added",
        ])
        #expect(diff.json().rendered() == Self.combinedJSON)
    }

    static let combinedJSON = #"{"placements":{"added":["settings"],"removed":[],"changed":{"onboarding":{"audiences":{"#
        + #""added":["Brazil"],"removed":[],"changed":{"#
        + #""All Users":{"variations":{"added":["v-d"],"removed":[],"changed":{"v-c":{"weight":{"from":100,"to":50}}}}},"#
        + #""Apple Ads":{"priority":{"from":0,"to":10},"segmentIds":{"from":["asa"],"to":["asa","br"]},"#
        + #""variations":{"added":[],"removed":[],"changed":{"v-b":{"paywallId":{"from":"pw2","to":"pw3"}}}}}}}}}},"#
        + #""paywalls":{"added":["pw3"],"removed":[],"changed":{"pw1":{"localizations":{"added":["de"],"removed":[],"changed":{"#
        + #""pt-br":{"strings":{"added":["cta"],"removed":[],"changed":["title"]}}}}}}},"#
        + #""onboardings":{"added":[],"removed":[],"changed":{}},"flows":{"added":[],"removed":[],"changed":{}},"#
        + #""products":{"added":["p2"],"removed":[],"changed":{"p1":{"prices":{"#
        + #""BR":{"from":{"currency":"BRL","amount":"49.90"},"to":{"currency":"BRL","amount":"54.90"}}}}}},"#
        + #""segments":{"added":["v2"],"removed":[],"changed":{"br":{"conditions":{"#
        + #""from":[{"attribute":"country","op":"in","values":["BR","PT"]}],"#
        + #""to":[{"attribute":"country","op":"in","values":["AO","BR","PT"]}]}}}}}"#

    @Test("the order exports list things in does not matter")
    func ordering() {
        let diff = ExportDiff(from: Self.base, to: Self.combined)
        let shuffled = ExportDiff(from: Self.reversed(Self.base), to: Self.reversed(Self.combined))
        #expect(shuffled == diff)
        #expect(shuffled.json() == diff.json())
        #expect(ExportDiff(from: Self.base, to: Self.reversed(Self.base)).isEmpty)
    }

    /// The export with every list, and every string table, in reverse order.
    static func reversed(_ export: PaywallExport) -> PaywallExport {
        var export = export
        export.segments.reverse()
        for index in export.segments.indices {
            export.segments[index].conditions.reverse()
            for condition in export.segments[index].conditions.indices {
                export.segments[index].conditions[condition].values.reverse()
            }
        }
        export.products.reverse()
        for index in export.products.indices {
            export.products[index].prices.reverse()
        }
        export.paywalls.reverse()
        for index in export.paywalls.indices {
            export.paywalls[index].localizations.reverse()
            for locale in export.paywalls[index].localizations.indices {
                let strings = export.paywalls[index].localizations[locale].strings
                export.paywalls[index].localizations[locale].strings = JSONObject(strings.members.reversed())
            }
        }
        export.placements.reverse()
        for index in export.placements.indices {
            export.placements[index].audiences.reverse()
            for audience in export.placements[index].audiences.indices {
                export.placements[index].audiences[audience].segmentIDs.reverse()
                export.placements[index].audiences[audience].variations.reverse()
            }
        }
        return export
    }
}
