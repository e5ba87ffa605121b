import Foundation
import PaywallModel
import PaywallResolver
import Testing

/// Which kinds of placement each format version holds (paywalls 8-9, onboardings 8-11, flows 10-11),
/// and onboardings and flows written from the model: in another version than the document's, or with
/// no document (docs/formats.md, §5 "Fallback files").
@Suite struct FallbackKindsTests {
    static let format10 = "Tests/Fixtures/adapty-fallback/format-10.json"
    static let format11 = "Tests/Fixtures/adapty-fallback/format-11.json"
    static let vendor = "Tests/Fixtures/adapty-fallback/vendor-ios-v8.json"

    static func set(_ export: PaywallExport, version: Int, locales: [String]? = nil) throws -> FallbackFileSet {
        try FallbackFileSet(export: export, snapshotKey: "s", version: version, locales: locales, deviceLocales: [])
    }

    static func parse(_ file: FallbackFileSet.File) throws -> JSONValue {
        try JSONParser.parse(file.contents)
    }

    /// The export without the document it was read from: what `fallbacks` has for other versions.
    static func model(_ path: String) throws -> PaywallExport {
        var export = try FallbackFileSetTests.decode(path: path)
        export.sourceDocument = nil
        return export
    }

    @Test(arguments: [10, 11])
    func aPaywallExportHasNothingToWriteInFormatsOfFlows(version: Int) throws {
        let sample = FallbackFileSetTests.sample
        let leftOut = sample.placements.map { "placement '\($0.id)' shows paywalls, which formats 8 and 9 hold, not format \(version): left out" }
        #expect(throws: FallbackFileSet.BuildError.nothingToWrite(version: version, leftOut: leftOut)) {
            try Self.set(sample, version: version)
        }
        let error = FallbackFileSet.BuildError.nothingToWrite(version: version, leftOut: leftOut)
        #expect(error.description.hasPrefix("nothing to write in format \(version): placement 'onboarding' shows paywalls, which formats 8 and 9 hold"))
    }

    @Test(arguments: [10, 11])
    func theVendorFileInAFormatOfFlowsKeepsItsOnboardingsAndLeavesItsPaywallsOut(version: Int) throws {
        let export = try FallbackFileSetTests.decode(path: Self.vendor)
        let document = try #require(export.sourceDocument)
        let set = try Self.set(export, version: version)
        let paywalls = export.placements.filter { $0.kind == .paywall }
        let onboardings = export.placements.filter { $0.kind == .onboarding }
        #expect(paywalls.count == 23 && onboardings.count == 6)
        #expect(set.warnings == paywalls.map { "placement '\($0.id)' shows paywalls, which formats 8 and 9 hold, not format \(version): left out" })
        // Onboardings only: their builder's language is the one file.
        #expect(set.files.map(\.name) == ["fallback.en.json"])
        let file = try Self.parse(set.files[0])
        let back = try FallbackFileSetTests.decode(text: set.files[0].contents)
        #expect(back.format == .adaptyFallback(version: version))
        #expect(back.placements == onboardings)
        #expect(back.onboardings == export.onboardings)
        for placement in onboardings {
            // Each variation as the vendor wrote it, key for key.
            #expect(file[path: "data", .key(placement.id), "data"] == document[path: "data", .key(placement.id), "data"], "\(placement.id)")
            #expect(file[path: "data", .key(placement.id), "meta", "placement", "is_tracking_purchases"] == .bool(true))
        }
    }

    @Test func aFormat11SnapshotInFormat9LeavesItsFlowsOutAndKeepsItsOnboardings() throws {
        let export = try FallbackFileSetTests.decode(path: Self.format11)
        let set = try Self.set(export, version: 9)
        #expect(set.warnings == ["sleep", "promo.été"].map { "placement '\($0)' shows flows, which formats 10 and 11 hold, not format 9: left out" })
        // The flows' languages make no file when the flows are not written.
        #expect(set.files.map(\.name) == ["fallback.en.json"])
        let file = try Self.parse(set.files[0])
        #expect(file[path: "ui_builder"] == nil)
        let back = try FallbackFileSetTests.decode(text: set.files[0].contents)
        #expect(back.placements == export.placements.filter { $0.id == "welcome" })
        #expect(back.onboardings == export.onboardings)
        #expect(back.flows.isEmpty)
    }

    @Test func theFilesAreForTheLanguagesOfTheContentTheVersionHolds() throws {
        let export = try FallbackFileSetTests.decode(path: Self.format11)
        // The flows' remote configs' languages, then their layouts' others.
        #expect(try Self.set(export, version: 11).files.map(\.locale) == ["en", "de", "pt-br", "ar", "pt", "zh-hant"])
    }

    /// Without the document, in its own version, the model writes flows and onboardings that read back
    /// as they were imported.
    @Test(arguments: [format10, format11, vendor])
    func theModelWritesFlowsAndOnboardingsBackAsImported(path: String) throws {
        let export = try Self.model(path)
        guard case let .adaptyFallback(version) = export.format else { throw CancellationError() }
        let set = try Self.set(export, version: version, locales: ["en"])
        #expect(set.warnings.isEmpty)
        let back = try FallbackFileSetTests.decode(text: set.files[0].contents)
        #expect(back.placements == export.placements)
        #expect(back.onboardings == export.onboardings)
        #expect(back.flows == export.flows)
        #expect(back.products == export.products)
    }

    /// A flow read from format 10 (one schema, no grids) in format 11: its schema becomes its one
    /// layout, shown everywhere; the file for German has the German remote config first and German as
    /// the layout's default, with its strings merged.
    @Test func aFormat10FlowIsWrittenInFormat11() throws {
        let export = try Self.model(Self.format10)
        let set = try Self.set(export, version: 11, locales: ["en", "de"])
        #expect(set.warnings.isEmpty)
        let grid = JSONValue.object(JSONObject(["platforms": .string("all"), "devices": .string("all"), "cells": .array([.number("0")])]))
        var expected = export.flows
        for index in expected.indices { expected[index].grids = .array([grid]) }
        let english = try FallbackFileSetTests.decode(text: set.files[0].contents)
        #expect(english.flows == expected)
        #expect(english.placements == export.placements)

        let file = try Self.parse(set.files[1])
        let variation = ["data", "sleep", "data", 0] as [PathComponent]
        #expect(file[path: variation + ["ui_schema", "layouts"]] == .array([.object(JSONObject(["flow_layout_id": .string("fver-7")]))]))
        #expect(file[path: variation + ["remote_configs"]]?.arrayValue?.map { $0[path: "lang"]?.stringValue } == ["de", "en", "pt-BR", "ar"])
        // The model keeps what the vendor's file said of the product.
        #expect(file[path: variation + ["variations", 0, "products", 0]] == (try JSONParser.parse("""
            {"vendor_product_id": "app.premium.yearly", "adapty_product_id": "prod-yearly", "access_level_id": "premium",
             "product_type": "annual", "flow_product_id": "fp-yearly", "promotional_offer_eligibility": true}
            """)))
        #expect(file[path: variation + ["variation_name"]] == nil)
        #expect(file[path: "ui_builder", "fver-7", "default_localization"] == .string("de"))
        #expect(file[path: "ui_builder", "fver-7", "localizations", 1, "strings"] == FallbackRoundTripTests.strings([
            ("title", "Heute besser schlafen"), ("cta", "Weiter"), ("terms", "Cancel anytime"),
        ]))
        let german = try FallbackFileSetTests.decode(text: set.files[1].contents)
        #expect(german.placements == export.placements)
        #expect(german.onboardings == export.onboardings)
        for (written, flow) in zip(german.flows, expected) {
            FallbackRoundTripTests.expectSameFlow(written, flow, in: "fallback.de.json")
        }
    }

    /// Format 10 holds one UI schema per flow, under its version id: the first layout's, with a warning
    /// for the others; it has no variation names.
    @Test func aFormat11FlowIsWrittenInFormat10WithItsFirstLayout() throws {
        let export = try Self.model(Self.format11)
        let set = try Self.set(export, version: 10, locales: ["en"])
        #expect(set.warnings == ["flow 'flow-sleep': format 10 holds one UI schema per flow, its first layout's ('lay-phone'): 'lay-tablet' left out"])
        let file = try Self.parse(set.files[0])
        #expect(file[path: "ui_builder"]?.objectValue?.keys == ["fver-7", "fver-8"])
        #expect(file[path: "data", "sleep", "data", 0, "ui_schema"] == nil)
        let back = try FallbackFileSetTests.decode(text: set.files[0].contents)
        let flow = try #require(back.flows.first)
        let phone = try #require(export.flows.first?.layouts.first)
        #expect(flow.layouts == [FlowLayout(id: "fver-7", defaultLocale: phone.defaultLocale, localizations: phone.localizations)])
        #expect(flow.grids == nil)
        #expect(back.placements.flatMap(\.audiences).flatMap(\.variations).allSatisfy { $0.name == nil })
        #expect(back.onboardings == export.onboardings)
    }
}
