import FixtureSupport
import Foundation
import Testing

/// `paywalls fallbacks --out DIR` over the sample export: the files, the manifest, the exit codes, and
/// the directory replaced as a whole.
@Suite final class FallbacksCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    var out: URL { store.directory.appendingPathComponent("fallbacks") }

    func manifest() throws -> JSONDocument {
        try JSONDocument(String(decoding: try Data(contentsOf: out.appendingPathComponent("manifest.json")), as: UTF8.self))
    }

    @Test func writesOneFilePerLocaleAndAManifest() throws {
        try store.importExport()
        let outcome = try store.run(["fallbacks", "--out", out.path])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        let manifest = try manifest()
        #expect(manifest.string("platform") == "ios")
        #expect(manifest.int("format_version") == 9)
        #expect(manifest.string("snapshot")?.hasPrefix("000001-") == true)
        #expect(manifest.string("lookup/zh-TW") == "fallback.zh-hant.json")
        #expect(manifest.string("lookup/zh-HK") == "fallback.zh-hant.json")
        #expect(manifest.string("lookup/es-MX") == "fallback.es-419.json")
        // Android's language-region spellings.
        #expect(manifest.string("lookup/zh-CN") == "fallback.zh.json")
        #expect(manifest.string("lookup/sr-RS") == "fallback.en.json")
        let count = try #require(manifest.count("files"))
        #expect(count == 10)
        var names: [String] = []
        for index in 0..<count {
            let path = try #require(manifest.string("files/\(index)/path"))
            names.append(path)
            let data = try Data(contentsOf: out.appendingPathComponent(path))
            #expect(manifest.int("files/\(index)/bytes") == data.count)
            // Each file imports through the CLI's own importer as a vendor fallback file.
            let other = try TemporaryStore()
            let imported = try other.run(["import", out.appendingPathComponent(path).path, "--format", "adapty-fallback"])
            #expect(imported.status == 0, "\(path): \(imported.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == (names + ["manifest.json"]).sorted())
    }

    @Test func optionsChooseLocalesPlatformAndVersion() throws {
        try store.importExport()
        let outcome = try store.run(["fallbacks", "--out", out.path, "--platform", "android", "--format-version", "8", "--locales", "pt_BR,es-MX"])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        let manifest = try manifest()
        #expect(manifest.string("platform") == "android")
        #expect(manifest.int("format_version") == 8)
        #expect(manifest.string("files/0/path") == "fallback.pt-br.json")
        #expect(manifest.string("files/1/path") == "fallback.es-mx.json")
        let file = try JSONDocument(String(decoding: try Data(contentsOf: out.appendingPathComponent("fallback.pt-br.json")), as: UTF8.self))
        #expect(file.int("meta/version") == 8)
        // A paywall-export has no Paywall Builder layout: the remote config, from pt-br.
        #expect(file["data/onboarding/data/0/paywall_builder"] == nil)
        #expect(file.string("data/onboarding/data/0/remote_config/lang") == "pt-br")
        #expect(file["ui_builder"] == nil)
    }

    /// Formats 10 and 11 hold flows and onboardings: a paywall-export has nothing for them.
    @Test func aFormatOfFlowsHasNothingToWriteForAPaywallExport() throws {
        try store.importExport()
        let outcome = try store.run(["fallbacks", "--out", out.path, "--format-version", "11"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError.contains("nothing to write in format 11: placement 'onboarding' shows paywalls, which formats 8 and 9 hold"),
                "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func placementsOfAKindTheVersionDoesNotHoldAreLeftOutWithAWarning() throws {
        try store.importExport(Repository.file("Tests/Fixtures/adapty-fallback/format-11.json").path)
        let outcome = try store.run(["fallbacks", "--out", out.path, "--format-version", "9"])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        for placement in ["sleep", "promo.été"] {
            #expect(outcome.standardError.contains("placement '\(placement)' shows flows, which formats 10 and 11 hold, not format 9: left out"))
        }
        #expect(try manifest().string("files/0/path") == "fallback.en.json")
        #expect(try manifest().count("files") == 1)
        let file = out.appendingPathComponent("fallback.en.json")
        #expect(try JSONDocument(String(decoding: try Data(contentsOf: file), as: UTF8.self)).count("data") == 1)
        let imported = try TemporaryStore().run(["import", file.path])
        #expect(imported.status == 0, "\(imported.standardError)")
    }

    @Test func anUnsupportedFormatVersionIsAUsageError() throws {
        try store.importExport()
        let outcome = try store.run(["fallbacks", "--out", out.path, "--format-version", "7"])
        #expect(outcome.status == 64)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// --out is required (the parser says so before anything is read), and may not be empty; --locales lists a locale.
    @Test(arguments: [
        ([], "error: missing --out <dir>\nusage: paywalls fallbacks --out <dir> [--store <dir>]"),
        (["--out", ""], "error: missing --out <dir>\n"),
        (["--out", "set", "--locales", ","], "error: --locales lists no locale\n"),
    ])
    func usageMistakesExit64(_ arguments: [String], _ message: String) throws {
        try store.importExport()
        let outcome = try store.run(["fallbacks"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path) == ["store"])
    }

    @Test func noSnapshotExits66() throws {
        let outcome = try store.run(["fallbacks", "--out", out.path])
        #expect(outcome.status == 66, "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func anEarlierSetIsReplacedWhole() throws {
        try store.importExport()
        let first = try store.run(["fallbacks", "--out", out.path, "--locales", "fr,ja"])
        try #require(first.status == 0, "fallbacks: \(first.standardError)")
        let outcome = try store.run(["fallbacks", "--out", out.path, "--locales", "en,de"])
        try #require(outcome.status == 0, "fallbacks: \(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["fallback.de.json", "fallback.en.json", "manifest.json"])
        // Nothing is left beside it.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter { $0.hasPrefix(".fallbacks") }
        #expect(siblings.isEmpty)
    }

    @Test func aDirectoryOfOtherFilesIsNotReplaced() throws {
        try store.importExport()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let outcome = try store.run(["fallbacks", "--out", out.path, "--locales", "en"])
        #expect(outcome.status == 74)
        #expect(outcome.standardError.contains("is neither empty nor an earlier fallbacks output (no manifest.json): choose another --out"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }
}
