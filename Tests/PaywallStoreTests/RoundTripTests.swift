import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
@testable import PaywallStore
import Testing

/// What goes in comes back out, through every read.
@Suite final class RoundTripTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A store written before `BinaryBody` holds its bodies as JSON text: every read gives the same model.
    @Test func bodiesStoredAsJSONTextReadTheSame() throws {
        let export = Fixture.export()
        let info = try PaywallStore.open(at: directory.store, create: true).publish(export, hash: 1).snapshot
        let raw = try directory.rawConnection()
        for table in ["segments", "placements", "products", "paywalls", "localizations", "onboardings", "flows"] {
            try raw.rewriteBodiesAsJSONText(in: table)
        }
        #expect(try raw.count("SELECT count(*) FROM localizations WHERE typeof(body) = 'text'") == 6)
        let reopened = try PaywallStore.open(at: directory.store, create: false)
        #expect(try reopened.export(of: info) == export)
        #expect(try reopened.reader(of: info).placement(Fixture.promo) == StoredPlacement(placement: export.placements[1], segments: []))
        let paywall = export.paywalls[0]
        #expect(try reopened.reader(of: info).localizations(ofPaywall: paywall.id, locales: paywall.localizations.map(\.locale)) == paywall.localizations)
    }

    @Test func everyReadReturnsThePublishedModel() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let export = Fixture.export()
        guard case let .published(info) = try store.publish(export, hash: 1) else {
            Issue.record("the first publish must store a snapshot")
            return
        }
        #expect(info.key == "000001-000000000001")
        #expect(info.source == "local")
        #expect(info.format == "paywall-export v1")
        #expect(info.appID == export.appID)
        #expect(info.revision == 42)
        #expect(info.exportedAt == export.exportedAt)
        #expect(info.importedAt == "2026-12-01T08:00:01Z")
        #expect(info.contentHash == Fixture.hash(1))
        #expect(try store.currentSnapshot() == info)
        #expect(try store.snapshots() == [info])

        #expect(try store.reader(of: info).placementIDs() == [Fixture.onboarding, Fixture.promo])
        let onboarding = try store.reader(of: info).placement(Fixture.onboarding)
        #expect(onboarding == StoredPlacement(placement: export.placements[0], segments: [export.segments[0], export.segments[2]]))
        #expect(try store.reader(of: info).placement(Fixture.promo) == StoredPlacement(placement: export.placements[1], segments: []))

        for paywall in export.paywalls {
            let stored = try store.reader(of: info).paywall(paywall.id)
            #expect(stored == StoredPaywall(id: paywall.id, name: paywall.name, productKeys: paywall.productKeys,
                                            defaultLocale: paywall.defaultLocale, view: paywall.view,
                                            locales: paywall.localizations.map(\.locale)))
            let locales = paywall.localizations.map(\.locale)
            #expect(try store.reader(of: info).localizations(ofPaywall: paywall.id, locales: locales) == paywall.localizations)
            #expect(try store.reader(of: info).products(paywall.productKeys) == paywall.productKeys.map { id in export.products.first { $0.id == id }! })
        }
    }

    @Test func exportOfSnapshotEqualsThePublishedExport() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(hash: 1).snapshot
        #expect(try store.export(of: info) == Fixture.export())
    }

    @Test func sampleExportRoundTrips() throws {
        let url = Repository.file("sync-config/sample-export.json")
        let data = try Data(contentsOf: url)
        let export = try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(export, hash: 1).snapshot
        #expect(try store.export(of: info) == export)
    }

    @Test func localizationsAreTheAskedOnesInTheAskedOrder() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(hash: 1).snapshot
        let hero = Fixture.paywalls[0]
        let found = try store.reader(of: info).localizations(ofPaywall: "pw_hero", locales: ["ar", "fr", "en", "pt-BR"])
        #expect(found == [hero.localizations[2], hero.localizations[0]])
        #expect(try store.reader(of: info).localizations(ofPaywall: "pw_promo", locales: ["zh-Hant"]).map(\.locale) == ["zh-Hant"])
        #expect(try store.reader(of: info).localizations(ofPaywall: "pw_missing", locales: ["en"]).isEmpty)
    }

    @Test func productsComeInTheAskedOrderSkippingUnknownIDs() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(hash: 1).snapshot
        let found = try store.reader(of: info).products(["prod_lifetime", "nope", "prod_monthly"])
        #expect(found == [Fixture.products[2], Fixture.products[0]])
    }

    @Test func dottedAndNonASCIIPlacementIDsRoundTrip() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(hash: 1).snapshot
        #expect(try store.reader(of: info).placement(Fixture.promo)?.placement.id == Fixture.promo)
        #expect(try store.reader(of: info).placement(Fixture.onboarding)?.placement.id == Fixture.onboarding)
        // Exact spelling only: no normalization, no prefix match.
        #expect(try store.reader(of: info).placement("promo.ete-unicode-オファー") == nil)
        #expect(try store.reader(of: info).placement("onboarding") == nil)
        #expect(try store.reader(of: info).paywall("pw") == nil)
    }

    @Test func repeatedIDsAndUnusualTextRoundTripAndTheFirstIDWins() throws {
        var export = Fixture.export()
        var twin = export.paywalls[1]
        twin.name = "Second \u{0}promo"
        twin.localizations.append(Localization(locale: "en", remoteConfig: .string(""), strings: JSONObject(),
                                               assets: JSONObject(["": .string("😀 \u{0} \"quoted\" \\ \u{1F}")]), isRightToLeft: false))
        export.paywalls.append(twin)
        export.products.append(Product(id: "", vendorProductID: "", accessLevelID: "", period: nil, trial: nil,
                                       titles: ["": ""], prices: []))
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(export, hash: 1).snapshot
        #expect(try store.export(of: info) == export)
        #expect(try store.reader(of: info).paywall("pw_promo")?.name == "Promo")
        #expect(try store.reader(of: info).localizations(ofPaywall: "pw_promo", locales: ["en"]) == [export.paywalls[1].localizations[0]])
        #expect(try store.reader(of: info).products([""]) == [export.products[3]])
    }

    @Test func storedJSONThatDoesNotParseIsCorruption() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(hash: 1).snapshot
        try directory.rawConnection().execute("UPDATE paywalls SET body = '{\"id\": ' WHERE id = 'pw_hero'")
        #expect { try store.reader(of: info).paywall("pw_hero") } throws: { error in
            (error as? StoreError)?.kind == .corrupt && "\(error)".contains(directory.databaseFile)
        }
        #expect(throws: StoreError.self) { try store.export(of: info) }
        #expect(try store.reader(of: info).paywall("pw_promo")?.name == "Promo")
    }
}

/// What a publisher says of each localization key is kept with the paywall for resolution to read.
@Suite final class LocaleIdentityStorageTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func identitiesAreKeptPerLocaleInOrder() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let export = Fixture.export()
        let info = try store.publish(export, source: "local", contentHash: Fixture.hash(7), importedAt: "2026-12-01T08:00:00Z",
                                     localeIdentity: { LocaleIdentity(of: $0)?.serialized }).snapshot
        for paywall in export.paywalls {
            let stored = try #require(try store.reader(of: info).paywall(paywall.id))
            #expect(stored.localeIdentities == paywall.localizations.map { LocaleIdentity(of: $0.locale)?.serialized ?? "" })
            #expect(stored.localeIdentities.count == stored.locales.count)
        }
    }

    @Test func withoutAPublisherSayingThereAreNone() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(hash: 8).snapshot
        #expect(try store.reader(of: info).paywall(Fixture.export().paywalls[0].id)?.localeIdentities == [])
    }
}
