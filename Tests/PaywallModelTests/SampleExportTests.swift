import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
import Testing

/// The hand-written sample in sync-config/, which the README's main job imports, reads completely.
@Suite struct SampleExportTests {
    static func decode() throws -> PaywallExport {
        let url = Repository.file("sync-config/sample-export.json")
        let data = try Data(contentsOf: url)
        return try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
    }

    @Test func readsEveryPart() throws {
        let export = try Self.decode()
        #expect(export.format == .paywallExport(version: 1))
        #expect(export.defaultLocale == "en")
        #expect(export.placements.map(\.id) == ["onboarding", "settings", "locked_feature", "promo.été"])
        #expect(Set(export.segments.flatMap(\.conditions).map(\.op)) == Set(Condition.Operator.allCases))
        let onboarding = try #require(export.placements.first)
        #expect(onboarding.audiences.filter(\.isDefault).count == 1)
        #expect(onboarding.audiences.last?.variations.map(\.weight) == [50, 30, 20])
        let hero = try #require(export.paywalls.first { $0.id == "pw_onboarding_hero" })
        #expect(hero.localizations.map(\.locale) == ["en", "pt-br", "pt", "zh-hant", "zh", "es-419", "es", "de", "ar", "ja"])
        #expect(hero.localizations.first { $0.locale == "ar" }?.isRightToLeft == true)
        // Amounts stay the decimal strings of the file, trailing zero included ("49.90", never 49.9).
        let brazil = export.products.map { product in (product.id, product.prices.filter { $0.country == "BR" }) }
        #expect(brazil.map(\.0) == ["prod_premium_weekly", "prod_premium_monthly", "prod_premium_quarterly", "prod_premium_yearly"])
        #expect(brazil.map(\.1) == [[Price(country: "BR", currency: "BRL", amount: "19.90")], [Price(country: "BR", currency: "BRL", amount: "49.90")],
                                     [Price(country: "BR", currency: "BRL", amount: "119.90")], [Price(country: "BR", currency: "BRL", amount: "199.90")]])
    }
}
