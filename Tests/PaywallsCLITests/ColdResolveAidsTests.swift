import Foundation
import Testing

/// What `import` keeps so that a cold `resolve` asks ICU nothing when its locales are the export's:
/// ICU's answers about those locales and the prices and periods formatted for them. A fresh process
/// reads them (proof: what the store says is believed) and answers as it would without them.
@Suite final class ColdResolveAidsTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static let requests = [["pt_BR"], ["zh-HK"], ["es-MX", "en"], ["de-AT"], ["ar"], ["nb-NO"], ["iw-IL"], ["fr-CA"], ["sr-Latn-RS"], ["ja"], []]

    func bundles() throws -> [String] {
        try Self.requests.map { locales in
            let outcome = try store.run(["resolve", "--placement", "onboarding", "--country", "BR", "--profile-id", "p1"]
                                            + locales.flatMap { ["--locale", $0] })
            try #require(outcome.status == 0, "\(locales): \(outcome.standardError)")
            return outcome.standardOutput
        }
    }

    /// Edits the store by hand, and removes its resolution image, which describes the store before the
    /// edit (the store's own writers rewrite it).
    func sql(_ statement: String, _ parameters: String...) throws {
        _ = try Python.run("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2], sys.argv[3:]); c.commit(); c.close()",
                           [store.databasePath, statement] + parameters)
        try? FileManager.default.removeItem(atPath: store.path + "/resolution.image")
    }

    @Test func aStoreWithItsAidsAnswersAsOneWithout() throws {
        let aided = try bundles()
        try sql("DELETE FROM locale_facts")
        try sql("DELETE FROM formatted_texts")
        #expect(try bundles() == aided)
    }

    @Test func aColdResolveBelievesTheLocaleFactsOfItsStore() throws {
        #expect(try store.resolve(["--placement", "onboarding", "--locale", "pt_BR"]).string("locale/matched") == "pt-br")
        // All the store tells now is that pt_BR is German (the rest is asked of ICU): a fresh process believes it.
        let lie = ["t", "pt-br", "de", "de", "de", "", "", "0", "de", "Latn", "DE"].joined(separator: "\t") + "\n"
        try sql("UPDATE locale_facts SET facts = ?", lie)
        #expect(try store.resolve(["--placement", "onboarding", "--locale", "pt_BR"]).string("locale/matched") == "de")
    }

    @Test func aColdResolveBelievesThePricesFormattedAtImport() throws {
        try sql("UPDATE formatted_texts SET text = 'quarenta e nove' WHERE locale = 'pt-BR' AND key LIKE 'price BRL %'")
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt_BR", "--country", "BR"])
        func prices(_ bundle: JSONDocument) -> [String] {
            (bundle["products"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["localizedPrice"] as? String }
        }
        #expect(!prices(bundle).isEmpty && prices(bundle).allSatisfy { $0 == "quarenta e nove" })
        // Another formatting locale is formatted by ICU.
        let portugal = try store.resolve(["--placement", "onboarding", "--locale", "pt-PT", "--country", "BR"])
        #expect(!prices(portugal).isEmpty && !prices(portugal).contains("quarenta e nove"))
    }
}
