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

    static let vendorSample = PaywallsProcess.repository.appendingPathComponent("sync-config/sample-adapty-fallback-v9.json")

    static func object(at url: URL) throws -> NSDictionary {
        let value = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(value as? NSDictionary)
    }

    @Test func theFileForTheImportedLocaleIsTheImportedFile() throws {
        try store.importExport(Self.vendorSample.path)
        let outcome = try store.run(["fallbacks", "--out", out.path, "--locales", "en"])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        let written = try Self.object(at: out.appendingPathComponent("fallback.en.json"))
        let input = try Self.object(at: Self.vendorSample)
        #expect(written == input)
        #expect(try canonicalJSON(String(decoding: try Data(contentsOf: out.appendingPathComponent("fallback.en.json")), as: UTF8.self))
            == canonicalJSON(String(decoding: try Data(contentsOf: Self.vendorSample), as: UTF8.self)))
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
        #expect(file["data/com.lumenlabs.settings.v2/data/0/paywall_builder/paywall_builder_config/screens"] != nil)
    }
}
