import FixtureSupport
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
        let data = try Data(contentsOf: Repository.file(path))
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

    static let vendorFiles = ["sync-config/sample-adapty-fallback-v9.json", "Tests/Fixtures/adapty-fallback/format-8.json",
                              "Tests/Fixtures/adapty-fallback/format-10.json", "Tests/Fixtures/adapty-fallback/format-11.json",
                              "Tests/Fixtures/adapty-fallback/vendor-ios-v8.json"]

    @Test(arguments: vendorFiles)
    func theFileForTheDocumentsOwnLocaleIsTheDocument(path: String) throws {
        let (document, set) = try roundTrip(path, locales: ["en"])
        #expect(set.files.map(\.name) == ["fallback.en.json"])
        #expect(set.warnings.isEmpty)
        #expect(try Self.parse(set.files[0]) == document)
    }

    /// Every other locale's file reads back as the same placements, of the same kinds and weights, the
    /// same onboardings, and the same flows with their languages reordered and defaulted for the locale.
    @Test(arguments: vendorFiles)
    func everyOtherLocalesFileReadsBackAsTheSameContent(path: String) throws {
        let original = try FallbackFileSetTests.decode(path: path)
        let (_, set) = try roundTrip(path, locales: ["en", "de", "pt-BR", "pt", "ar", "zh-TW", "fr-CA"])
        #expect(set.files.count == 7)
        for file in set.files.dropFirst() {
            let back = try FallbackFileSetTests.decode(text: file.contents)
            #expect(back.format == original.format)
            #expect(back.placements == original.placements, "\(file.name)")
            #expect(back.onboardings == original.onboardings, "\(file.name)")
            #expect(back.products == original.products, "\(file.name)")
            #expect(back.paywalls.map(\.id) == original.paywalls.map(\.id), "\(file.name)")
            #expect(back.flows.count == original.flows.count)
            for (written, flow) in zip(back.flows, original.flows) {
                Self.expectSameFlow(written, flow, in: file.name)
            }
        }
    }

    /// The same flow, but for what the file for a locale changes: the order of its remote configs, and
    /// a layout's default, whose strings then hold the old default's too (nothing missing from it).
    static func expectSameFlow(_ written: Flow, _ flow: Flow, in file: String) {
        #expect(written.id == flow.id && written.name == flow.name && written.versionID == flow.versionID, "\(file)")
        #expect(written.paywalls == flow.paywalls && written.grids == flow.grids, "\(file)")
        #expect(written.remoteConfigs.sorted { $0.locale < $1.locale } == flow.remoteConfigs.sorted { $0.locale < $1.locale }, "\(file)")
        #expect(written.layouts.map(\.id) == flow.layouts.map(\.id), "\(file)")
        for (layout, original) in zip(written.layouts, flow.layouts) {
            #expect(layout.localizations.map(\.locale) == original.localizations.map(\.locale), "\(file) \(layout.id)")
            let oldDefault = original.localizations.first { $0.locale == original.defaultLocale }
            for (localization, before) in zip(layout.localizations, original.localizations) {
                guard localization.locale == layout.defaultLocale, layout.defaultLocale != original.defaultLocale else {
                    #expect(localization == before, "\(file) \(layout.id) \(before.locale)")
                    continue
                }
                for member in before.strings.members {
                    #expect(localization.strings[member.key] == member.value, "\(file) \(layout.id): \(member.key) is its own")
                }
                #expect(Set(localization.strings.keys).isSuperset(of: oldDefault?.strings.keys ?? []), "\(file) \(layout.id)")
                #expect(localization.isRightToLeft == before.isRightToLeft, "\(file) \(layout.id)")
            }
        }
    }

    @Test(arguments: ["Tests/Fixtures/adapty-fallback/format-10.json", "Tests/Fixtures/adapty-fallback/format-11.json"])
    func onboardingsAreTheSameInEveryLocalesFile(path: String) throws {
        let (document, set) = try roundTrip(path, locales: ["en", "de", "ar", "ja"])
        for file in set.files {
            #expect(try Self.parse(file)[path: "data", "welcome"] == document[path: "data", "welcome"], "\(file.name)")
        }
    }

    /// docs/contracts.md: in the file for `de` a flow lists its German remote config first, and each layout's
    /// `default_localization` is its German localization, holding the strings `resolve` merges for
    /// German; every other key, localization and UI schema as imported.
    @Test func aFlowsFileForGermanPutsGermanFirstAndMakesItTheDefault() throws {
        let (document, set) = try roundTrip("Tests/Fixtures/adapty-fallback/format-11.json", locales: ["en", "de"])
        let german = try Self.parse(set.files[1])
        let flow = ["data", "sleep", "data", 0] as [PathComponent]
        let configs = try #require(german[path: flow + ["remote_configs"]]?.arrayValue)
        let original = try #require(document[path: flow + ["remote_configs"]]?.arrayValue)
        #expect(configs.map { $0[path: "lang"]?.stringValue } == ["de", "en", "pt-BR", "ar"])
        #expect(configs[0] == original[1] && configs[1] == original[0])
        for key in ["variations", "ui_schema", "variation_name", "flow_version_id"] {
            #expect(german[path: flow + [.key(key)]] == document[path: flow + [.key(key)]], "\(key)")
        }
        // The short flow has English only: as it was.
        #expect(german[path: "data", "sleep", "data", 1] == document[path: "data", "sleep", "data", 1])

        let phone = ["ui_builder", "lay-phone"] as [PathComponent]
        #expect(german[path: phone + ["default_localization"]] == .string("de"))
        #expect(german[path: phone + ["localizations", 1, "id"]] == .string("de"))
        #expect(german[path: phone + ["localizations", 1, "strings"]] == Self.strings([
            ("title", "Heute besser schlafen"), ("cta", "Weiter"), ("terms", "Cancel anytime"),
        ]))
        for index in [0, 2, 3, 4, 5] {
            #expect(german[path: phone + ["localizations", .index(index)]] == document[path: phone + ["localizations", .index(index)]])
        }
        for key in ["format", "screens", "scripts", "assets"] {
            #expect(german[path: phone + [.key(key)]] == document[path: phone + [.key(key)]], "\(key)")
        }
        #expect(german[path: "ui_builder", "lay-tablet", "default_localization"] == .string("de"))
        #expect(german[path: "ui_builder", "lay-tablet", "localizations", 1, "strings"] == Self.strings([
            ("title", "Heute besser schlafen"), ("cta", "Continue on tablet"),
        ]))
        for layout in ["lay-short", "lay-unused"] {
            #expect(german[path: "ui_builder", .key(layout)] == document[path: "ui_builder", .key(layout)])
        }
        #expect(german[path: "meta"] == document[path: "meta"])
    }

    /// Format 10 keys the flow's one UI schema by its `flow_version_id`: rewritten all the same.
    @Test func aFormat10FlowsSchemaIsRewrittenUnderItsVersionID() throws {
        let (document, set) = try roundTrip("Tests/Fixtures/adapty-fallback/format-10.json", locales: ["en", "pt-BR"])
        let brazilian = try Self.parse(set.files[1])
        let configs = try #require(brazilian[path: "data", "sleep", "data", 0, "remote_configs"]?.arrayValue)
        #expect(configs.map { $0[path: "lang"]?.stringValue } == ["pt-BR", "en", "de", "ar"])
        let schema = ["ui_builder", "fver-7"] as [PathComponent]
        #expect(brazilian[path: schema + ["default_localization"]] == .string("pt-BR"))
        // pt-BR has the title; the chain gives the rest from pt, before English.
        #expect(brazilian[path: schema + ["localizations", 3, "strings"]] == Self.strings([
            ("title", "Durma melhor esta noite"), ("cta", "Continuar"), ("terms", "Cancele quando quiser"),
        ]))
        #expect(brazilian[path: "ui_builder", "fver-8"] == document[path: "ui_builder", "fver-8"])
    }

    /// A layout's new default gets its chain's strings (the raw entries, `fallback` and all) and
    /// assets, and keeps its own direction; written from the document and from the model alike.
    @Test(arguments: [true, false])
    func aLayoutsNewDefaultGetsTheStringsAndAssetsOfItsChain(fromDocument: Bool) throws {
        var export = try FallbackFileSetTests.decode(text: """
            {"data": {"p": {"meta": {"placement": {"developer_id": "p", "audience_name": "All Users",
                 "placement_audience_version_id": "a", "revision": 1, "ab_test_name": ""}},
               "data": [{"variation_id": "v", "weight": 100, "cross_placement_info": null, "flow_id": "f", "flow_name": "F",
                 "flow_version_id": "fv", "remote_configs": [{"lang": "en", "data": "{}"}], "variations": [],
                 "ui_schema": {"layouts": [{"flow_layout_id": "l"}], "grids": [{"platforms": "all", "devices": "all", "cells": [0]}]}}]}},
             "meta": {"version": 11, "developer_ids": ["p"], "response_created_at": 1795953600000},
             "ui_builder": {"l": {"format": "5.0.0", "default_localization": "en", "screens": {}, "localizations": [
               {"id": "en", "strings": [{"id": "title", "value": "Hello", "fallback": "Hi"}],
                "assets": [{"id": "hero", "type": "image", "url": "https://cdn.example.com/en.png"}]},
               {"id": "ar", "is_right_to_left": true, "strings": [{"id": "cta", "value": "ابدأ"}]}]}}}
            """)
        if !fromDocument { export.sourceDocument = nil }
        let set = try FallbackFileSet(export: export, snapshotKey: "s", version: 11, locales: ["ar"], deviceLocales: [])
        let arabic = try Self.parse(set.files[0])
        #expect(arabic[path: "ui_builder", "l", "default_localization"] == .string("ar"))
        let title = fromDocument ? #"{"id": "title", "value": "Hello", "fallback": "Hi"}"# : #"{"id": "title", "value": "Hello"}"#
        #expect(arabic[path: "ui_builder", "l", "localizations", 1] == (try JSONParser.parse("""
            {"id": "ar", "is_right_to_left": true, "strings": [{"id": "cta", "value": "ابدأ"}, \(title)],
             "assets": [{"id": "hero", "type": "image", "url": "https://cdn.example.com/en.png"}]}
            """)))
        if fromDocument { #expect(arabic[path: "ui_builder", "l", "screens"] == .object(JSONObject())) }
    }

    static func strings(_ pairs: [(String, String)]) -> JSONValue {
        .array(pairs.map { .object(JSONObject(["id": .string($0.0), "value": .string($0.1)])) })
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
        for key in ["template_revision", "is_hard_paywall", "assets", "styles"] {
            #expect(file[path: config + [.key(key)]] == document[path: config + [.key(key)]], "\(key)")
        }
        #expect(file[path: settings + ["paywall_builder", "lang"]] == .string("pt-br"))
        #expect(file[path: settings + ["paywall_builder", "paywall_builder_id"]] == document[path: settings + ["paywall_builder", "paywall_builder_id"]])
        // Its remote config is English only: the file says so, and carries it as it was.
        #expect(file[path: settings + ["remote_config"]] == document[path: settings + ["remote_config"]])
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

    /// In another version the document is written with every key it had, but for what that version
    /// writes otherwise: format 9's products written as 8 say whether they are consumable.
    @Test func anotherVersionKeepsTheDocumentsKeys() throws {
        let (document, _) = try roundTrip("sync-config/sample-adapty-fallback-v9.json", locales: ["en"])
        let export = try FallbackFileSetTests.decode(path: "sync-config/sample-adapty-fallback-v9.json")
        let set = try FallbackFileSet(export: export, snapshotKey: "s", version: 8, locales: ["en"], deviceLocales: [])
        let file = try Self.parse(set.files[0])
        #expect(file[path: "meta", "version"] == .number("8"))
        #expect(file[path: "data", "locked_feature", "data", 0, "future_field", "rollout"] == .string("2027-q1"))
        let products = ["data", "locked_feature", "data", 0, "products"] as [PathComponent]
        let written = try #require(file[path: products]?.arrayValue)
        let original = try #require(document[path: products]?.arrayValue)
        #expect(written.map { $0[path: "is_consumable"] } == original.map { .bool($0[path: "product_type"] == .string("consumable")) })
        // Nothing else differs: no key is lost.
        #expect(file.removingEverywhere("is_consumable").removingEverywhere("version") == document.removingEverywhere("version"))
    }
}

enum PathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)

    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}

extension JSONValue {
    /// The value with every member named `key` removed, at any depth.
    func removingEverywhere(_ key: String) -> JSONValue {
        switch self {
        case let .object(object):
            var result = JSONObject()
            for member in object.members where member.key != key { result.append(member.key, member.value.removingEverywhere(key)) }
            return .object(result)
        case let .array(elements): return .array(elements.map { $0.removingEverywhere(key) })
        default: return self
        }
    }

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
