import Foundation
import LocaleKit
import PaywallModel
import PaywallResolver
import PaywallStore
import Testing

/// A vendor fallback file imported, stored and written back (issue 5): for its own locale and version
/// it is the same JSON value; for other locales its unknown keys travel through untouched.
@Suite final class FallbackRoundTripTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("fallback-round-trip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The document as parsed, and the set written from its stored snapshot in its own version.
    func roundTrip(_ path: String, locales: [String]) throws -> (document: JSONValue, set: FallbackFileSet) {
        let data = try Data(contentsOf: FallbackFileSetTests.root.appendingPathComponent(path))
        let document = try data.withUnsafeBytes { bytes in try JSONParser.parse(bytes) }
        let export = try FallbackFileSetTests.decode(path: path)
        let store = try PaywallStore.open(at: directory.appendingPathComponent("store").path, create: true)
        guard case let .published(info) = try store.publish(export, source: "local", contentHash: String(repeating: "a", count: 64),
                                                            importedAt: "2026-12-01T08:00:00Z") else {
            throw CancellationError()
        }
        let stored = try store.export(of: info)
        let version = try #require(FallbackFileSet.importedVersion(format: info.format))
        let set = try FallbackFileSet(export: stored, snapshotKey: info.key, version: version, locales: locales, deviceLocales: [])
        return (document, set)
    }

    static func parse(_ file: FallbackFileSet.File) throws -> JSONValue {
        try JSONParser.parse(file.contents)
    }

    @Test(arguments: ["sync-config/sample-adapty-fallback-v9.json", "Tests/Fixtures/adapty-fallback/format-8.json",
                      "Tests/Fixtures/adapty-fallback/format-10.json", "Tests/Fixtures/adapty-fallback/format-11.json"])
    func theFileForTheDocumentsOwnLocaleIsTheDocument(path: String) throws {
        let (document, set) = try roundTrip(path, locales: ["en"])
        #expect(set.files.map(\.name) == ["fallback.en.json"])
        #expect(try Self.parse(set.files[0]) == document)
    }

    @Test func aFileForAnotherLocaleKeepsTheUnknownKeysAndMergesItsStrings() throws {
        let (document, set) = try roundTrip("sync-config/sample-adapty-fallback-v9.json", locales: ["en", "pt-BR"])
        #expect(set.files.map(\.name) == ["fallback.en.json", "fallback.pt-br.json"])
        let file = try Self.parse(set.files[1])
        // The locked feature's paywall has English only: its variation is as it was, `future_field` included.
        #expect(file[path: "data", "locked_feature"] == document[path: "data", "locked_feature"])
        #expect(file[path: "data", "locked_feature", "data", 0, "future_field", "rollout"] == .string("2027-q1"))
        #expect(file[path: "meta"] == document[path: "meta"])
        // Unknown vendor keys of the rewritten variation and of its builder configuration stay.
        let settings = ["data", "com.lumenlabs.settings.v2", "data", 0] as [PathComponent]
        for key in ["paywall_updated_at", "use_paywall_builder"] {
            #expect(file[path: settings + [.key(key)]] == document[path: settings + [.key(key)]], "\(key)")
        }
        #expect(file[path: settings + ["products"]] == document[path: settings + ["products"]])
        #expect(file[path: ["data", "com.lumenlabs.settings.v2", "meta"]] == document[path: ["data", "com.lumenlabs.settings.v2", "meta"]])
        let config = settings + ["paywall_builder", "paywall_builder_config"]
        for key in ["template_revision", "is_hard_paywall", "assets", "screens"] {
            #expect(file[path: config + [.key(key)]] == document[path: config + [.key(key)]], "\(key)")
        }
        #expect(file[path: settings + ["paywall_builder", "lang"]] == .string("pt-br"))
        #expect(file[path: settings + ["paywall_builder", "paywall_builder_id"]] == document[path: settings + ["paywall_builder", "paywall_builder_id"]])
        #expect(file[path: settings + ["remote_config", "lang"]] == .string("pt-br"))
        // pt-br strings merged over English, one localization, the vendor's `fallback` kept.
        let localizations = try #require(file[path: config + ["localizations"]])
        guard case let .array(entries) = localizations else { Issue.record("no localizations"); return }
        #expect(entries.count == 1)
        let localization = config + ["localizations", 0]
        #expect(file[path: localization + ["id"]] == .string("pt-br"))
        let strings = try #require(file[path: localization + ["strings"]])
        guard case let .array(values) = strings else { Issue.record("no strings"); return }
        let byID = Dictionary(uniqueKeysWithValues: values.compactMap { value -> (String, JSONValue)? in
            guard case let .string(id)? = value[path: "id"] else { return nil }
            return (id, value)
        })
        #expect(Set(byID.keys) == ["title", "subtitle", "cta", "manage"])
        #expect(byID["title"]?[path: "value"] == .string("Desbloqueie o Lumen Premium"))
        #expect(byID["title"]?[path: "fallback"] == .string("Desbloqueie o Lumen Premium"))
        #expect(byID["subtitle"]?[path: "value"] == .string("Keep your streak going with the full library."))
        #expect(byID["cta"]?[path: "fallback"] != nil)
        // The file reads back through the importer, with the Brazilian title.
        let back = try FallbackFileSetTests.decode(text: set.files[1].contents)
        let paywall = try #require(back.paywalls.first { $0.id == "06dd1bc1-e208-4fd5-8983-4cfba9f8d7ee" })
        #expect(paywall.localizations.first { $0.locale == "pt-br" }?.strings["title"] == .string("Desbloqueie o Lumen Premium"))
    }

    @Test func anotherVersionIsBuiltFromTheModel() throws {
        let (document, _) = try roundTrip("sync-config/sample-adapty-fallback-v9.json", locales: ["en"])
        let export = try FallbackFileSetTests.decode(path: "sync-config/sample-adapty-fallback-v9.json")
        let set = try FallbackFileSet(export: export, snapshotKey: "s", version: 10, locales: ["en"], deviceLocales: [])
        let file = try Self.parse(set.files[0])
        #expect(file != document)
        #expect(file[path: "data", "locked_feature", "data", 0, "future_field"] == nil)
    }

    @Test func aSharedBuilderConfigurationIsRewrittenForAnotherLocale() throws {
        let (document, set) = try roundTrip("Tests/Fixtures/adapty-fallback/format-10.json", locales: ["en", "he"])
        let hebrew = try Self.parse(set.files[1])
        #expect(hebrew[path: "ui_builder", "vc-unreferenced"] == document[path: "ui_builder", "vc-unreferenced"])
        #expect(hebrew[path: "ui_builder", "vc-hero", "format"] == .string("4.1.0"))
        #expect(hebrew[path: "ui_builder", "vc-hero", "localizations", 0, "id"] == .string("he"))
        #expect(hebrew[path: "ui_builder", "vc-hero", "localizations", 0, "is_right_to_left"] == .bool(true))
        #expect(hebrew[path: "ui_builder", "vc-hero", "localizations", 1] == nil)
    }
}

enum PathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)

    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}

extension JSONValue {
    subscript(path components: PathComponent...) -> JSONValue? {
        self[path: components]
    }

    subscript(path components: [PathComponent]) -> JSONValue? {
        var current: JSONValue? = self
        for component in components {
            switch (component, current) {
            case let (.key(key), .object(object)?): current = object[key]
            case let (.index(index), .array(elements)?): current = elements.indices.contains(index) ? elements[index] : nil
            default: return nil
            }
        }
        return current
    }
}
