import FixtureSupport
import Foundation
import Testing

/// A placement whose two variations show one flow id at two versions (`format-11-flow-versions.json`:
/// the vendor's SDKs decode each variation on its own): the import keeps both, with a warning that
/// names both places, and each variation resolves, and is written back, with its own flow.
@Suite final class VariationContentCommandTests {
    let store: TemporaryStore
    static let file = Repository.file("Tests/Fixtures/adapty-fallback/format-11-flow-versions.json").path

    init() throws {
        store = try TemporaryStore()
    }

    @Test func theImportKeepsEachVersionAndSaysWhere() throws {
        let outcome = try store.importExport(Self.file)
        #expect(outcome.standardError.contains("warning: \(Self.file): /data/sleep/data/1: flow 'flow-sleep' differs from the flow of the same id "
                                               + "at /data/sleep/data/0: each keeps its own, as 'flow-sleep~2'\n"), "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(#""flows": 2"#))
    }

    /// The first profile ids whose draw gives each variation.
    func bundles() throws -> [String: JSONDocument] {
        var found: [String: JSONDocument] = [:]
        for profile in (0..<50).map({ "profile-\($0)" }) where found.count < 2 {
            let bundle = try store.resolve(["--placement", "sleep", "--profile-id", profile])
            if let variation = bundle.string("variationId"), found[variation] == nil { found[variation] = bundle }
        }
        return found
    }

    @Test func eachVariationResolvesToItsOwnVersion() throws {
        try store.importExport(Self.file)
        let bundles = try bundles()
        let long = try #require(bundles["fv-a"]), short = try #require(bundles["fv-b"])
        #expect(long.string("flow/id") == "flow-sleep" && short.string("flow/id") == "flow-sleep")
        #expect(long.string("flow/versionId") == "fver-7" && short.string("flow/versionId") == "fver-8")
        #expect(long.string("flow/name") == "Sleep onboarding flow" && short.string("flow/name") == "Sleep flow, short")
        #expect(long.string("layouts/0/id") == "lay-phone" && short.string("layouts/0/id") == "lay-short")
    }

    /// Written back, each variation is localized from its own flow: the German file puts German first
    /// in the long copy, and leaves the short one, English only, as it was.
    @Test func eachVariationIsWrittenBackFromItsOwnVersion() throws {
        try store.importExport(Self.file)
        let out = store.directory.appendingPathComponent("out")
        let outcome = try store.run(["fallbacks", "--out", out.path, "--locales", "en,de"])
        try #require(outcome.status == 0, "\(outcome.standardError)")
        let german = try JSONDocument(String(decoding: try Data(contentsOf: out.appendingPathComponent("fallback.de.json")), as: UTF8.self))
        #expect(german.string("data/sleep/data/0/remote_configs/0/lang") == "de")
        #expect(german.count("data/sleep/data/1/remote_configs") == 1)
        #expect(german.string("data/sleep/data/1/flow_version_id") == "fver-8")
        #expect(german.string("ui_builder/lay-phone/default_localization") == "de")
        #expect(german.string("ui_builder/lay-short/default_localization") == "en")
    }
}
