import Foundation
import LocaleKit
import Synchronization
import Testing

/// Prices and periods as ICU 72 (CLDR 42) writes them. Spaces are spelled out: U+00A0 (no-break
/// space) and U+202F (narrow no-break space) are what users' screens get, and a plain space in their
/// place would wrap a price over two lines.
@Suite struct ProductFormattingTests {
    static let formatter = ProductFormatter()

    static func tag(_ text: String) throws -> LanguageTag { try LanguageTag(parsing: text) }

    struct PriceRow: CustomStringConvertible, Sendable {
        let locale: String
        /// 1234.56 in each of `currencies`, in order.
        let expected: [String]

        var description: String { locale }
    }

    static let currencies = ["USD", "EUR", "BRL", "JPY", "GBP", "MXN", "INR", "RUB"]

    /// 1234.56 in every currency: grouping (or none below five digits), the decimal separator, the
    /// symbol, its side and spacing, and the currency's own digits (JPY has none: 1,235).
    static let prices: [PriceRow] = [
        PriceRow(locale: "en-US", expected: [
            "$1,234.56", "€1,234.56", "R$1,234.56", "¥1,235", "£1,234.56", "MX$1,234.56", "₹1,234.56", "RUB\u{A0}1,234.56",
        ]),
        PriceRow(locale: "en-GB", expected: [
            "US$1,234.56", "€1,234.56", "R$1,234.56", "JP¥1,235", "£1,234.56", "MX$1,234.56", "₹1,234.56", "RUB\u{A0}1,234.56",
        ]),
        PriceRow(locale: "en-IN", expected: [
            "$1,234.56", "€1,234.56", "R$1,234.56", "JP¥1,235", "£1,234.56", "MX$1,234.56", "₹1,234.56", "RUB\u{A0}1,234.56",
        ]),
        PriceRow(locale: "de-DE", expected: [
            "1.234,56\u{A0}$", "1.234,56\u{A0}€", "1.234,56\u{A0}R$", "1.235\u{A0}¥", "1.234,56\u{A0}£", "1.234,56\u{A0}MX$",
            "1.234,56\u{A0}₹", "1.234,56\u{A0}RUB",
        ]),
        PriceRow(locale: "de-CH", expected: [
            // CLDR gives Swiss German the code, not the sign, for the euro.
            "$\u{A0}1’234.56", "EUR\u{A0}1’234.56", "R$\u{A0}1’234.56", "¥\u{A0}1’235", "£\u{A0}1’234.56", "MX$\u{A0}1’234.56",
            "₹\u{A0}1’234.56", "RUB\u{A0}1’234.56",
        ]),
        PriceRow(locale: "fr-FR", expected: [
            "1\u{202F}234,56\u{A0}$US", "1\u{202F}234,56\u{A0}€", "1\u{202F}234,56\u{A0}R$", "1\u{202F}235\u{A0}JPY",
            "1\u{202F}234,56\u{A0}£GB", "1\u{202F}234,56\u{A0}$MX", "1\u{202F}234,56\u{A0}₹", "1\u{202F}234,56\u{A0}RUB",
        ]),
        PriceRow(locale: "es-ES", expected: [
            "1234,56\u{A0}US$", "1234,56\u{A0}€", "1234,56\u{A0}BRL", "1235\u{A0}JPY", "1234,56\u{A0}GBP", "1234,56\u{A0}MXN",
            "1234,56\u{A0}INR", "1234,56\u{A0}RUB",
        ]),
        PriceRow(locale: "es-MX", expected: [
            "USD\u{A0}1,234.56", "EUR\u{A0}1,234.56", "BRL\u{A0}1,234.56", "JPY\u{A0}1,235", "GBP\u{A0}1,234.56", "$1,234.56",
            "INR\u{A0}1,234.56", "RUB\u{A0}1,234.56",
        ]),
        PriceRow(locale: "pt-BR", expected: [
            "US$\u{A0}1.234,56", "€\u{A0}1.234,56", "R$\u{A0}1.234,56", "JP¥\u{A0}1.235", "£\u{A0}1.234,56", "MX$\u{A0}1.234,56",
            "₹\u{A0}1.234,56", "RUB\u{A0}1.234,56",
        ]),
        PriceRow(locale: "pt-PT", expected: [
            "1234,56\u{A0}US$", "1234,56\u{A0}€", "1234,56\u{A0}R$", "1235\u{A0}JP¥", "1234,56\u{A0}£", "1234,56\u{A0}MX$",
            "1234,56\u{A0}₹", "1234,56\u{A0}RUB",
        ]),
        PriceRow(locale: "it-IT", expected: [
            "1.234,56\u{A0}USD", "1.234,56\u{A0}€", "1.234,56\u{A0}BRL", "1.235\u{A0}JPY", "1.234,56\u{A0}£", "1.234,56\u{A0}MXN",
            "1.234,56\u{A0}INR", "1.234,56\u{A0}RUB",
        ]),
        PriceRow(locale: "ja-JP", expected: [
            "$1,234.56", "€1,234.56", "R$1,234.56", "￥1,235", "£1,234.56", "MX$1,234.56", "₹1,234.56", "RUB\u{A0}1,234.56",
        ]),
        PriceRow(locale: "ru-RU", expected: [
            "1\u{A0}234,56\u{A0}$", "1\u{A0}234,56\u{A0}€", "1\u{A0}234,56\u{A0}R$", "1\u{A0}235\u{A0}¥", "1\u{A0}234,56\u{A0}£",
            "1\u{A0}234,56\u{A0}MX$", "1\u{A0}234,56\u{A0}₹", "1\u{A0}234,56\u{A0}₽",
        ]),
        PriceRow(locale: "pl-PL", expected: [
            "1234,56\u{A0}USD", "1234,56\u{A0}€", "1234,56\u{A0}R$", "1235\u{A0}JPY", "1234,56\u{A0}GBP", "1234,56\u{A0}MXN",
            "1234,56\u{A0}INR", "1234,56\u{A0}RUB",
        ]),
        PriceRow(locale: "zh-CN", expected: [
            "US$1,234.56", "€1,234.56", "R$1,234.56", "JP¥1,235", "£1,234.56", "MX$1,234.56", "₹1,234.56", "RUB\u{A0}1,234.56",
        ]),
        PriceRow(locale: "ar-EG", expected: [
            "\u{200F}١٬٢٣٤٫٥٦\u{A0}US$", "\u{200F}١٬٢٣٤٫٥٦\u{A0}€", "\u{200F}١٬٢٣٤٫٥٦\u{A0}R$", "\u{200F}١٬٢٣٥\u{A0}JP¥",
            "\u{200F}١٬٢٣٤٫٥٦\u{A0}UK£", "\u{200F}١٬٢٣٤٫٥٦\u{A0}MX$", "\u{200F}١٬٢٣٤٫٥٦\u{A0}₹", "\u{200F}١٬٢٣٤٫٥٦\u{A0}RUB",
        ]),
        PriceRow(locale: "hi-IN", expected: [
            "$1,234.56", "€1,234.56", "R$1,234.56", "JP¥1,235", "£1,234.56", "MX$1,234.56", "₹1,234.56", "RUB\u{A0}1,234.56",
        ]),
    ]

    @Test(arguments: prices)
    func pricesFollowTheLocale(_ row: PriceRow) throws {
        let locale = try Self.tag(row.locale)
        let formatted = try Self.currencies.map { try Self.formatter.price("1234.56", currency: $0, locale: locale) }
        for (index, currency) in Self.currencies.enumerated() {
            #expect(formatted[index] == row.expected[index], "\(row.locale) \(currency): \(formatted[index].unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    struct Case: CustomStringConvertible, Sendable {
        let locale: String
        let amount: String
        let currency: String
        let expected: String

        var description: String { "\(locale) \(currency) \(amount)" }
    }

    static let priceCases: [Case] = [
        // The issue's and the documented examples.
        Case(locale: "pt-BR", amount: "49.90", currency: "BRL", expected: "R$\u{A0}49,90"),
        Case(locale: "de-DE", amount: "9.99", currency: "EUR", expected: "9,99\u{A0}€"),
        Case(locale: "ja-JP", amount: "1200", currency: "JPY", expected: "￥1,200"),
        Case(locale: "en-US", amount: "9.99", currency: "USD", expected: "$9.99"),
        // Indian grouping: lakhs and crores.
        Case(locale: "en-IN", amount: "1234567.5", currency: "INR", expected: "₹12,34,567.50"),
        Case(locale: "hi-IN", amount: "123456789", currency: "INR", expected: "₹12,34,56,789.00"),
        // The region decides within a language.
        Case(locale: "de-AT", amount: "9.99", currency: "EUR", expected: "€\u{A0}9,99"),
        Case(locale: "pt-PT", amount: "49.90", currency: "BRL", expected: "49,90\u{A0}R$"),
        Case(locale: "es-419", amount: "1234.5", currency: "USD", expected: "USD\u{A0}1,234.50"),
        // Exact decimals, rounded half-even to the currency's digits; never through a double.
        Case(locale: "en-US", amount: "19.999", currency: "USD", expected: "$20.00"),
        Case(locale: "en-US", amount: "0.125", currency: "USD", expected: "$0.12"),
        Case(locale: "en-US", amount: "0.135", currency: "USD", expected: "$0.14"),
        Case(locale: "en-US", amount: "9", currency: "USD", expected: "$9.00"),
        Case(locale: "ja-JP", amount: "1200.5", currency: "JPY", expected: "￥1,200"),
        Case(locale: "ja-JP", amount: "1201.5", currency: "JPY", expected: "￥1,202"),
        Case(locale: "en-US", amount: "12345678901234567890.01", currency: "USD", expected: "$12,345,678,901,234,567,890.01"),
        // Three-digit currencies.
        Case(locale: "ar-BH", amount: "4.5", currency: "BHD", expected: "\u{200F}٤٫٥٠٠\u{A0}د.ب.\u{200F}"),
        Case(locale: "en-US", amount: "4.5", currency: "KWD", expected: "KWD\u{A0}4.500"),
        // Numbering systems and extensions of the user's tag; Moroccan Arabic has Latin digits, and
        // still the right-to-left marks.
        Case(locale: "ar-EG", amount: "49.90", currency: "EGP", expected: "\u{200F}٤٩٫٩٠\u{A0}ج.م.\u{200F}"),
        Case(locale: "ar-MA", amount: "49.90", currency: "MAD", expected: "\u{200F}49,90\u{A0}د.م.\u{200F}"),
        Case(locale: "hi-IN-u-nu-deva", amount: "49.90", currency: "INR", expected: "₹४९.९०"),
    ]

    @Test(arguments: priceCases)
    func pricesAreExact(_ test: Case) throws {
        let formatted = try Self.formatter.price(test.amount, currency: test.currency, locale: try Self.tag(test.locale))
        #expect(formatted == test.expected, "\(formatted.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["usd", "XXXX", "US", "", "ABC", "U$D", "ÉUR"])
    func unknownCurrenciesAreErrors(_ currency: String) throws {
        #expect(throws: ProductFormattingError.invalidCurrency(currency)) {
            try Self.formatter.price("9.99", currency: currency, locale: try Self.tag("en-US"))
        }
    }

    @Test(arguments: ["1e3", "", "-9.99", "+9.99", "9.", ".99", "9,99", "1 000", "NaN", "Infinity", "0x10", "9.99\u{0}1", "٩٫٩٩"])
    func invalidAmountsAreErrors(_ amount: String) throws {
        #expect(throws: ProductFormattingError.invalidAmount(amount)) {
            try Self.formatter.price(amount, currency: "USD", locale: try Self.tag("en-US"))
        }
    }

    @Test func errorsSayWhatIsWrong() {
        #expect("\(ProductFormattingError.invalidCurrency("usd"))" == "'usd' is not an ISO 4217 currency code such as BRL")
        #expect("\(ProductFormattingError.invalidAmount("1e3"))" == "'1e3' is not a decimal amount such as 49.90")
    }

    struct PeriodCase: CustomStringConvertible, Sendable {
        let locale: String
        let unit: PeriodUnit
        let count: Int
        let expected: String

        var description: String { "\(locale) \(count) \(unit)" }
    }

    static let periods: [PeriodCase] = [
        // Russian: one, few, many.
        PeriodCase(locale: "ru", unit: .month, count: 1, expected: "1 месяц"),
        PeriodCase(locale: "ru", unit: .month, count: 3, expected: "3 месяца"),
        PeriodCase(locale: "ru", unit: .month, count: 5, expected: "5 месяцев"),
        PeriodCase(locale: "ru", unit: .month, count: 21, expected: "21 месяц"),
        PeriodCase(locale: "ru", unit: .day, count: 7, expected: "7 дней"),
        // Arabic: zero, one, two, few, many, other; one and two name the unit alone.
        PeriodCase(locale: "ar", unit: .day, count: 0, expected: "٠ يوم"),
        PeriodCase(locale: "ar", unit: .day, count: 1, expected: "يوم"),
        PeriodCase(locale: "ar", unit: .day, count: 2, expected: "يومان"),
        PeriodCase(locale: "ar", unit: .day, count: 3, expected: "٣ أيام"),
        PeriodCase(locale: "ar", unit: .day, count: 11, expected: "١١ يومًا"),
        PeriodCase(locale: "ar", unit: .day, count: 100, expected: "١٠٠ يوم"),
        // Polish: one, few, many.
        PeriodCase(locale: "pl", unit: .week, count: 1, expected: "1 tydzień"),
        PeriodCase(locale: "pl", unit: .week, count: 2, expected: "2 tygodnie"),
        PeriodCase(locale: "pl", unit: .week, count: 5, expected: "5 tygodni"),
        PeriodCase(locale: "pl", unit: .week, count: 22, expected: "22 tygodnie"),
        // Japanese: no plural forms.
        PeriodCase(locale: "ja", unit: .year, count: 1, expected: "1 年"),
        PeriodCase(locale: "ja", unit: .month, count: 3, expected: "3 か月"),
        PeriodCase(locale: "ja", unit: .day, count: 7, expected: "7 日"),
        PeriodCase(locale: "en", unit: .month, count: 1, expected: "1 month"),
        PeriodCase(locale: "en", unit: .day, count: 7, expected: "7 days"),
        PeriodCase(locale: "en", unit: .year, count: 1, expected: "1 year"),
        PeriodCase(locale: "en", unit: .week, count: 2, expected: "2 weeks"),
        PeriodCase(locale: "pt-BR", unit: .month, count: 1, expected: "1 mês"),
        PeriodCase(locale: "pt-BR", unit: .day, count: 7, expected: "7 dias"),
        PeriodCase(locale: "pt-BR", unit: .month, count: 3, expected: "3 meses"),
        PeriodCase(locale: "de", unit: .month, count: 1, expected: "1 Monat"),
        PeriodCase(locale: "de", unit: .day, count: 7, expected: "7 Tage"),
        PeriodCase(locale: "de", unit: .year, count: 1, expected: "1 Jahr"),
    ]

    @Test(arguments: periods)
    func periodsTakeThePluralFormOfTheirCount(_ test: PeriodCase) throws {
        let formatted = try Self.formatter.period(test.count, test.unit, locale: try Self.tag(test.locale))
        #expect(formatted == test.expected, "\(formatted.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Long texts go through the second, larger buffer.
    @Test func longTextsAreWhole() throws {
        let digits = String(repeating: "9", count: 90)
        let formatted = try Self.formatter.price(digits, currency: "USD", locale: try Self.tag("en-US"))
        #expect(formatted == "$" + String(repeating: "999,", count: 29) + "999.00")
    }

    /// One formatter per key, shared by eight threads at once (eight OS threads, not tasks: the
    /// cooperative pool has as many threads as cores).
    @Test func oneFormatterServesEightThreadsAlike() throws {
        let formatter = ProductFormatter()
        let locales = try ["pt-BR", "ru", "ar-EG", "ja-JP"].map(Self.tag)
        @Sendable func texts() -> [String] {
            locales.flatMap { locale in
                [(try? formatter.price("1234.56", currency: "BRL", locale: locale)) ?? "error",
                 (try? formatter.period(5, .month, locale: locale)) ?? "error",
                 (try? formatter.period(2, .day, locale: locale)) ?? "error"]
            }
        }
        let expected = texts()
        let results = Mutex<[[String]]>([])
        let threads = (0..<8).map { _ in
            Thread {
                let mine = (0..<500).map { _ in texts() }
                results.withLock { $0 += mine }
            }
        }
        threads.forEach { $0.start() }
        while results.withLock({ $0.count }) < 4000 { Thread.sleep(forTimeInterval: 0.001) }
        #expect(results.withLock { $0.allSatisfy { $0 == expected } })
        #expect(!expected.contains("error"))
    }

    /// A cache smaller than the keys in use is emptied and refilled; the answers stay the same.
    @Test func aBoundedCacheGivesTheSameAnswers() throws {
        let small = ProductFormatter(cacheLimit: 2)
        let locale = try Self.tag("de-CH")
        for _ in 0..<3 {
            for currency in Self.currencies {
                #expect(try small.price("1234.56", currency: currency, locale: locale)
                        == Self.formatter.price("1234.56", currency: currency, locale: locale))
            }
        }
    }
}
