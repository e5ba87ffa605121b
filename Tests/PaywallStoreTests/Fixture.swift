import PaywallModel

/// A small realistic export: three segments (one unreferenced), three products, two paywalls with
/// three locales each, and two placements whose ids are dotted and non-ASCII.
enum Fixture {
    static let onboarding = "onboarding.welcome"
    static let promo = "promo.été-ünïcødé-オファー"

    static func export(revision: Int = 42) -> PaywallExport {
        PaywallExport(appID: "com.lumenlabs.sleep", revision: revision, exportedAt: "2026-11-29T12:00:00Z", defaultLocale: "en",
                      format: .paywallExport(version: 1), segments: segments, products: products, paywalls: paywalls,
                      placements: placements)
    }

    static let segments = [
        Segment(id: "lusophone", conditions: [Condition(attribute: "country", op: .in, values: ["BR", "PT"])]),
        Segment(id: "unused", conditions: [Condition(attribute: "plan", op: .exists, values: [])]),
        Segment(id: "ios_3_2", conditions: [
            Condition(attribute: "platform", op: .eq, values: ["ios"]),
            Condition(attribute: "app_version", op: .gte, values: ["3.2.0"]),
        ]),
    ]

    static let products = [
        Product(id: "prod_monthly", vendorProductID: "lumen.premium.monthly", accessLevelID: "premium",
                period: SubscriptionPeriod(unit: .month, count: 1), trial: SubscriptionPeriod(unit: .day, count: 7),
                titles: ["en": "Premium Monthly", "pt-br": "Premium Mensal", "ar": "بريميوم شهري"],
                prices: [Price(country: "US", currency: "USD", amount: "9.99"), Price(country: "BR", currency: "BRL", amount: "49.90")]),
        Product(id: "prod_yearly", vendorProductID: "lumen.premium.yearly", accessLevelID: "premium",
                period: SubscriptionPeriod(unit: .year, count: 1), trial: nil, titles: ["en": "Premium Yearly"],
                prices: [Price(country: "US", currency: "USD", amount: "49.99")]),
        Product(id: "prod_lifetime", vendorProductID: "lumen.lifetime", accessLevelID: nil, period: nil, trial: nil,
                titles: [:], prices: []),
    ]

    static let paywalls = [
        Paywall(id: "pw_hero", name: "Onboarding Hero", productKeys: ["prod_yearly", "prod_monthly"], defaultLocale: "en",
                localizations: [
                    localization("en", title: "Go Premium", remoteConfig: .object(JSONObject(["title": .string("Go Premium"), "discount": .number("0.20")]))),
                    localization("pt-br", title: "Seja Premium", remoteConfig: .null),
                    Localization(locale: "ar", remoteConfig: nil, strings: JSONObject(["title": .string("اشترك الآن")]),
                                 assets: JSONObject(), isRightToLeft: true),
                ],
                view: ViewConfiguration(templateID: "basic", assets: JSONObject(["hero_image": .string("https://cdn.example.com/hero.jpg")]),
                                        timers: ["CUSTOM_TIMER_6H"], customActions: ["open_faq"])),
        Paywall(id: "pw_promo", name: "Promo", productKeys: ["prod_lifetime"], defaultLocale: "en",
                localizations: [
                    localization("en", title: "Last chance", remoteConfig: nil),
                    localization("es-419", title: "Última oportunidad", remoteConfig: nil),
                    localization("zh-Hant", title: "最後機會", remoteConfig: .array([.bool(true), .integer(3)])),
                ],
                view: nil),
    ]

    static let placements = [
        Placement(id: onboarding, audiences: [
            Audience(name: "iOS 3.2 in Brazil", priority: 1, segmentIDs: ["ios_3_2", "lusophone"], versionID: "9a1d",
                     variations: [Variation(variationID: "v-a", contentKey: "pw_hero", weight: 50),
                                  Variation(variationID: "v-b", contentKey: "pw_promo", weight: 50)]),
            Audience(name: "All Users", priority: 2, segmentIDs: [], versionID: "7c2e",
                     variations: [Variation(variationID: "v-c", contentKey: "pw_hero", weight: 100)]),
        ]),
        Placement(id: promo, audiences: [
            Audience(name: "All Users", priority: 1, segmentIDs: [], versionID: "51f0",
                     variations: [Variation(variationID: "v-d", contentKey: "pw_promo", weight: 100)]),
        ]),
    ]

    private static func localization(_ locale: String, title: String, remoteConfig: JSONValue?) -> Localization {
        Localization(locale: locale, remoteConfig: remoteConfig,
                     strings: JSONObject(["title": .string(title), "cta": .array([.object(JSONObject(["text": .string(title)]))])]),
                     assets: JSONObject(), isRightToLeft: nil)
    }

    /// A 64-digit hex content hash whose first 12 digits differ for different seeds.
    static func hash(_ seed: Int) -> String {
        let digits = Array("0123456789abcdef")
        let head = (0..<12).map { String(digits[(seed >> (4 * (11 - $0))) & 0xF]) }.joined()
        return head + String(repeating: "f", count: 52)
    }
}
