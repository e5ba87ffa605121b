import FixtureSupport
import Foundation
import Testing

/// `paywalls import` of a vendor fallback file, then `paywalls fallbacks` for its own locale: the file
/// written is the file imported, as a JSON value (issue 5).
@Suite final class FallbackRoundTripCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    var out: URL { store.directory.appendingPathComponent("fallbacks") }

    static let vendorSample = Repository.file("sync-config/sample-adapty-fallback-v9.json")

    static func object(at url: URL) throws -> NSDictionary {
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(value as? NSDictionary)
    }

    @Test(arguments: ["sync-config/sample-adapty-fallback-v9.json", "Tests/Fixtures/adapty-fallback/format-10.json",
                      "Tests/Fixtures/adapty-fallback/format-11.json", "Tests/Fixtures/adapty-fallback/vendor-ios-v8.json"])
    func theFileForTheImportedLocaleIsTheImportedFile(path: String) throws {
        let input = Repository.file(path)
        try store.importExport(input.path)
        let outcome = try store.run(["fallbacks", "--out", out.path, "--locales", "en"])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        let written = try Self.object(at: out.appendingPathComponent("fallback.en.json"))
        #expect(written == (try Self.object(at: input)))
        #expect(try canonicalJSON(String(decoding: try Data(contentsOf: out.appendingPathComponent("fallback.en.json")), as: UTF8.self))
            == canonicalJSON(String(decoding: try Data(contentsOf: input), as: UTF8.self)))
    }

    /// A flow carries every language: by default there is a file for each, each imports, and the one
    /// for the flows' default locale is the imported file.
    @Test func everyLanguageOfAFlowGetsAFileThatImports() throws {
        let input = Repository.file("Tests/Fixtures/adapty-fallback/format-11.json")
        try store.importExport(input.path)
        let outcome = try store.run(["fallbacks", "--out", out.path])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        let manifest = try JSONDocument(String(decoding: try Data(contentsOf: out.appendingPathComponent("manifest.json")), as: UTF8.self))
        let paths = (0..<(manifest.count("files") ?? 0)).compactMap { manifest.string("files/\($0)/path") }
        #expect(paths == ["en", "de", "pt-br", "ar", "pt", "zh-hant"].map { "fallback.\($0).json" })
        #expect(manifest.string("default") == "fallback.en.json")
        #expect(try Self.object(at: out.appendingPathComponent("fallback.en.json")) == (try Self.object(at: input)))
        for path in paths {
            let imported = try TemporaryStore().run(["import", out.appendingPathComponent(path).path])
            #expect(imported.status == 0, "\(path): \(imported.standardError)")
        }
        let german = try JSONDocument(String(decoding: try Data(contentsOf: out.appendingPathComponent("fallback.de.json")), as: UTF8.self))
        #expect(german.string("data/sleep/data/0/remote_configs/0/lang") == "de")
        #expect(german.string("ui_builder/lay-phone/default_localization") == "de")
        #expect(german.string("ui_builder/lay-phone/localizations/1/strings/2/value") == "Cancel anytime")
    }

    @Test func anotherLocaleCarriesTheUnknownKeys() throws {
        try store.importExport(Self.vendorSample.path)
        let outcome = try store.run(["fallbacks", "--out", out.path, "--locales", "en,pt-BR"])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        let file = try JSONDocument(String(decoding: try Data(contentsOf: out.appendingPathComponent("fallback.pt-br.json")), as: UTF8.self))
        #expect(file.string("data/locked_feature/data/0/future_field/rollout") == "2027-q1")
        #expect(file.int("data/com.lumenlabs.settings.v2/data/0/paywall_updated_at") == 1_790_930_700_000)
        #expect(file.string("data/com.lumenlabs.settings.v2/data/0/paywall_builder/lang") == "pt-br")
        #expect(file.string("data/com.lumenlabs.settings.v2/data/0/paywall_builder/paywall_builder_config/localizations/0/strings/0/value")
            == "Desbloqueie o Lumen Premium")
        #expect(file["data/com.lumenlabs.settings.v2/data/0/paywall_builder/paywall_builder_config/styles/default"] != nil)
    }
}
