import Foundation
import Testing

/// `paywalls resolve` on the sample export: prices and periods formatted by ICU in the user's locale
/// (docs/contracts.md). U+00A0 is the no-break space ICU puts between a currency sign and the digits.
@Suite final class ProductFormattingCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    /// The docs/contracts.md example: the Brazil & Portugal audience sees the hero paywall, yearly then monthly.
    @Test func brazilianPortugueseReadsReais() throws {
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt-BR", "--country", "BR"])
        #expect(bundle.string("products/1/vendorProductId") == "lumen.premium.monthly.trial7d")
        #expect(bundle.string("products/1/currencyCode") == "BRL")
        #expect(bundle.string("products/1/localizedPrice") == "R$\u{A0}49,90")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 mês")
        #expect(bundle.string("products/1/localizedTrialPeriod") == "7 dias")
        #expect(bundle.string("products/0/localizedPrice") == "R$\u{A0}199,90")
        #expect(bundle.string("products/0/localizedSubscriptionPeriod") == "1 ano")
        #expect(bundle.text.contains("\"localizedPrice\": \"R$\u{A0}49,90\""))
    }

    /// Austria has no price of its own: the product's first (USD), written the Austrian way, sign first.
    @Test func austrianGermanWritesTheSignFirst() throws {
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "de-AT", "--country", "AT"])
        #expect(bundle.string("locale/matched") == "de")
        #expect(bundle.string("products/1/currencyCode") == "USD")
        #expect(bundle.string("products/1/localizedPrice") == "$\u{A0}9,99")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 Monat")
        #expect(bundle.string("products/1/localizedTrialPeriod") == "7 Tage")
        #expect(bundle.string("products/0/localizedSubscriptionPeriod") == "1 Jahr")

        let euros = try store.resolve(["--placement", "onboarding", "--locale", "de-AT", "--country", "DE"])
        #expect(euros.string("products/1/localizedPrice") == "€\u{A0}10,99")
        let germany = try store.resolve(["--placement", "onboarding", "--locale", "de-DE", "--country", "DE"])
        #expect(germany.string("products/1/localizedPrice") == "10,99\u{A0}€")
    }

    /// Amounts at the bound (18 digits before the point, 6 after) import and resolve, exact; one digit more either
    /// side is refused at its pointer, as is a leading zero (the bundle's JSON number would not be one), and nothing
    /// is published.
    @Test func amountsAreBoundedBeforeTheyAreFormatted() throws {
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let largest = try store.write(sample.replacingOccurrences(of: #""amount": "49.90""#, with: #""amount": "999999999999999999.999999""#),
                                      to: "largest.json")
        try store.importExport(largest)
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt-BR", "--country", "BR"])
        #expect(bundle.text.contains(#""price": 999999999999999999.999999,"#), "\(bundle.text)")
        #expect(bundle.string("products/1/localizedPrice") == "R$\u{A0}1.000.000.000.000.000.000,00")
        let snapshots = try store.run(["snapshots", "--json"]).standardOutput
        for (amount, problem) in [("1234567890123456789", "has more than 18 digits before its point or 6 after it"),
                                  ("49.1234567", "has more than 18 digits before its point or 6 after it"),
                                  ("049.90", "is not a decimal amount such as 49.90"), ("00.99", "is not a decimal amount such as 49.90")] {
            let file = try store.write(sample.replacingOccurrences(of: #""amount": "49.90""#, with: #""amount": "\#(amount)""#), to: "\(amount).json")
            let outcome = try store.run(["import", file])
            #expect(outcome.status == 65)
            #expect(outcome.standardError.contains("\n  /products/1/prices/1/amount: '\(amount)' \(problem)\n"), "\(outcome.standardError)")
        }
        #expect(try store.run(["snapshots", "--json"]).standardOutput == snapshots)
        let zero = try store.write(sample.replacingOccurrences(of: #""amount": "49.90""#, with: #""amount": "0.99""#), to: "zero.json")
        try store.importExport(zero)
        #expect(try store.resolve(["--placement", "onboarding", "--locale", "pt-BR", "--country", "BR"]).text.contains(#""price": 0.99,"#))
    }

    @Test func japaneseReadsYenWithoutDecimals() throws {
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "ja-JP", "--country", "JP"])
        #expect(bundle.string("products/1/currencyCode") == "JPY")
        #expect(bundle.string("products/1/localizedPrice") == "￥1,500")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 か月")
        #expect(bundle.string("products/1/localizedTrialPeriod") == "7 日")
        #expect(bundle.string("products/0/localizedPrice") == "￥7,800")
        #expect(bundle.string("products/0/localizedSubscriptionPeriod") == "1 年")
    }

    /// A pt-PT user gets the pt localization, and Portuguese (Portugal) numbers: the sign after the amount.
    @Test func europeanPortugueseFormatsThePortugueseWay() throws {
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt-PT", "--country", "PT"])
        #expect(bundle.string("locale/matched") == "pt")
        #expect(bundle.string("products/1/currencyCode") == "USD")
        #expect(bundle.string("products/1/localizedPrice") == "9,99\u{A0}US$")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 mês")
        #expect(bundle.string("products/1/localizedTrialPeriod") == "7 dias")

        let reais = try store.resolve(["--placement", "onboarding", "--locale", "pt-PT", "--country", "BR"])
        #expect(reais.string("products/1/localizedPrice") == "49,90\u{A0}R$")
    }

    /// No preference at all: the matched localization's locale (the default, en).
    @Test func withoutPreferencesTheMatchedLocaleFormats() throws {
        let bundle = try store.resolve(["--placement", "onboarding", "--country", "US"])
        #expect(bundle.string("locale/matched") == "en")
        #expect(bundle.string("products/1/localizedPrice") == "$9.99")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 month")
        #expect(bundle.string("products/1/localizedTrialPeriod") == "7 days")
    }

    /// An unusable preference is skipped; the next usable one formats, not the matched localization.
    @Test func theFirstUsablePreferenceFormats() throws {
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt--br", "--locale", "ru-RU", "--country", "DE"])
        #expect(outcome.status == 0)
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.string("locale/matched") == "en")
        #expect(bundle.string("products/1/localizedPrice") == "10,99\u{A0}€")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 месяц")
        #expect(bundle.string("products/1/localizedTrialPeriod") == "7 дней")
    }

    /// The weekly product of the trial paywall has no trial: null, not missing.
    @Test func aProductWithoutTrialHasANullTrialPeriod() throws {
        let bundle = try store.resolve(["--placement", "onboarding", "--attribution", "apple_ads", "--app-version", "3.2.0",
                                        "--locale", "en-US", "--country", "US"])
        #expect(bundle.string("paywallId") == "pw_onboarding_trial")
        #expect(bundle.string("products/1/vendorProductId") == "lumen.premium.weekly")
        #expect(bundle.string("products/1/localizedPrice") == "$3.99")
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 week")
        #expect(bundle["products/1/localizedTrialPeriod"] is NSNull)
    }

    /// A currency ICU does not know leaves the price unformatted (null) and says why under --explain.
    @Test func anUnknownCurrencyIsNullAndExplained() throws {
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let file = try store.write(sample.replacingOccurrences(of: "\"currency\": \"BRL\"", with: "\"currency\": \"ABC\""), to: "abc.json")
        try store.importExport(file)
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR", "--country", "BR", "--explain"])
        #expect(outcome.status == 0)
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.string("products/1/currencyCode") == "ABC")
        #expect(bundle["products/1/localizedPrice"] is NSNull)
        #expect(bundle.string("products/1/localizedSubscriptionPeriod") == "1 mês")
        #expect(outcome.standardError.contains(
            "explain: product lumen.premium.monthly.trial7d: no localizedPrice for pt-BR: 'ABC' is not an ISO 4217 currency code such as BRL\n"))
    }
}
