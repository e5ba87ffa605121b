import Foundation
import LocaleKit
import PaywallModel
import Testing

/// The hand-written sample in sync-config/, which the README's main job imports, reads completely.
@Suite struct SampleExportTests {
    static func decode() throws -> PaywallExport {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sync-config/sample-export.json")
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
        #expect(export.products.flatMap(\.prices).contains(Price(country: "BR", currency: "BRL", amount: "49.90")) ||
                export.products.flatMap(\.prices).contains { $0.country == "BR" && $0.amount.contains(".") })
    }
}
