import LocaleKit
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import PaywallSync
import Testing

/// The store path writes prices and periods as formatted at import for the export's locales, and asks
/// ICU for the others; both say the same (the compiled path, which always asks ICU, is compared with it
/// over thousands of requests in `CompiledSnapshotEquivalenceTests`).
@Suite struct FormattedTextsResolutionTests {
    /// What import formats: each price and period a paywall sells, for each of that paywall's locales, by
    /// canonical tag; nothing for a locale no paywall has.
    @Test func importFormatsThePricesAndPeriodsOfEachPaywallForItsLocales() throws {
        let export = try PublishedFixture.decode("sync-config/sample-export.json")
        let texts = export.formattedTexts()
        let locales = Set(texts.map(\.locale))
        #expect(locales.isSuperset(of: ["en", "pt-BR", "pt", "zh-Hant", "es-419", "ar", "ja"]))
        let text = try #require(texts.first { $0.locale == "pt-BR" && $0.key == "price BRL 49.90" })
        #expect(text.text == (try ProductFormatter().price("49.90", currency: "BRL", locale: LanguageTag(parsing: "pt-BR"))))
        let japanese = export.paywalls.filter { $0.localizations.contains { $0.locale == "ja" } }.flatMap(\.productKeys)
        let prices = Set(export.products.filter { japanese.contains($0.key) }.flatMap(\.prices)
            .map { ProductFormatter.priceKey($0.amount, currency: $0.currency) })
        #expect(!prices.isEmpty && Set(texts.filter { $0.locale == "ja" }.map(\.key)).isSuperset(of: prices))
        let unsold = Set(export.products.filter { !japanese.contains($0.key) }.flatMap(\.prices)
            .map { ProductFormatter.priceKey($0.amount, currency: $0.currency) }).subtracting(prices)
        #expect(Set(texts.filter { $0.locale == "ja" }.map(\.key)).isDisjoint(with: unsold))
    }

    /// Proof the texts are read, not formatted again: one that lies is believed, for its locale only.
    @Test func theStoreReadsTheTextsOfItsLocalesAndFormatsTheRest() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        let export = try PublishedFixture.decode("sync-config/sample-export.json")
        let lie = FormattedText(locale: "pt-BR", key: ProductFormatter.priceKey("49.90", currency: "BRL"), text: "forty-nine ninety")
        try fixture.publish(export, as: "local", contentHash: String(repeating: "cd", count: 32), formattedTexts: [lie])
        let resolver = PaywallResolver(store: fixture.store)
        func prices(_ locale: String) throws -> [String?] {
            try resolver.resolve(ResolutionRequest(placementID: "onboarding", locales: [locale], context: UserContext(country: "BR")))
                .paywall?.products.map(\.localizedPrice) ?? []
        }
        #expect(try prices("pt_BR").contains("forty-nine ninety"))
        #expect(try prices("pt-PT") == prices("pt-PT").map { $0 })
        #expect(!(try prices("pt-PT").contains("forty-nine ninety")))
    }
}
