import FixtureSupport
import Foundation
import Testing

/// The vendor's real kinds of placement through the CLI: the vendor's own format-8 file (paywalls and
/// onboardings) and the format-11 fixture (flows, onboardings, a placement with no variation) imported,
/// then resolved, each bundle saying its kind first.
@Suite final class PlacementKindsCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    static func fixture(_ name: String) -> String {
        Repository.file("Tests/Fixtures/adapty-fallback/\(name)").path
    }

    @Test func theVendorsOwnFileImportsAndEachKindResolves() throws {
        let imported = try JSONDocument(try store.importExport(Self.fixture("vendor-ios-v8.json")).standardOutput)
        #expect(imported.int("placements") == 29)
        #expect(imported.int("onboardings") == 4)
        #expect(imported.int("flows") == 0)
        let onboarding = try store.resolve(["--placement", "TestLera", "--locale", "pt_BR"])
        #expect(onboarding.string("kind") == "onboarding")
        #expect(onboarding.string("onboarding/acceptLanguage") == "pt-BR")
        #expect(onboarding.string("onboarding/name") == "TestLera")
        // Without a profile, the heaviest of its three variations (34, 33, 33).
        let paywall = try store.resolve(["--placement", "access.or.subscribe"])
        #expect(paywall.string("kind") == "paywall")
        #expect(paywall.string("remoteConfig/kind") == "youtube#searchListResponse")
    }

    @Test func flowsResolveWithTheirLanguagesAndAnEmptyPlacementExits66() throws {
        let outcome = try store.run(["import", Self.fixture("format-11.json")])
        #expect(outcome.status == 0)
        let path = Self.fixture("format-11.json")
        let warning = "/data/promo.été/data: placement 'promo.été' has no variation: it is kept, and resolving it finds nothing"
        #expect(outcome.standardError.hasPrefix("warning: \(path): \(warning)\n"))
        #expect(try JSONDocument(outcome.standardOutput).strings("warnings") == [warning])

        let flow = try store.resolve(["--placement", "sleep", "--locale", "de-CH"])
        #expect(flow.string("kind") == "flow")
        #expect(flow.string("locale/matched") == "de")
        #expect(flow.string("remoteConfig/cta") == "Los geht's")
        #expect(flow.string("flow/variationName") == "Long copy")
        #expect(flow.count("layouts") == 2)
        #expect(flow.count("paywalls") == 2)

        let empty = try store.run(["resolve", "--placement", "promo.été"])
        #expect(empty.status == 66)
        #expect(empty.standardOutput.isEmpty)
        #expect(empty.standardError == "error: placement 'promo.été' has no variation for audience 'All Users': the export lists nothing to show there\n")
    }
}
