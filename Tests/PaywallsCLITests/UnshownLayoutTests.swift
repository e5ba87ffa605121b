import FixtureSupport
import Foundation
import Testing

/// A vendor file that the vendor's SDK loads, with UI schemas it could not show (it reads a `ui_builder` entry only
/// when it shows the layout): imported with a warning at each problem, its placements resolved, and its layouts
/// written back to fallback files as they came.
@Suite struct UnshownLayoutTests {
    static let file = Repository.file("Tests/Fixtures/adapty-fallback/format-11-unshown-layouts.json").path
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    @Test func theFileImportsWithAWarningAtEachLayoutTheSDKCouldNotShow() throws {
        let outcome = try store.run(["import", Self.file])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let warnings = try #require(try outcome.json()["warnings"] as? [String])
        let because = "(the vendor's SDK would not show this"
        #expect(warnings == [
            "/ui_builder/lay-legacy/template_id: required \(because) layout)",
            "/ui_builder/lay-legacy/styles: required \(because) layout)",
            "/data/welcome/data/0/ui_schema/layouts/1/flow_layout_id: no UI schema 'lay-missing' in /ui_builder: the vendor's SDK cannot show this layout",
            "/ui_builder/lay-default-gone/default_localization: the default locale 'de' has no localization \(because) layout)",
            "/data/welcome/data/0/ui_schema/grids/0/h_breakpoints/1: expected a positive integer above 600, found 300 \(because) flow on every screen)",
            "/data/welcome/data/0/ui_schema/grids/0/cells: expected 3 cells for 2 horizontal and 0 vertical breakpoints, found 4 \(because) flow on every screen)",
            "/data/welcome/data/0/ui_schema/grids/0/cells/3: expected the index of one of the 3 layouts, found 3 \(because) flow where it is used)",
            "/data/bare/data/0/ui_schema/layouts: a UI schema without layouts: the vendor's SDK shows nothing of it",
            "/data/bare/data/0/ui_schema/grids: a UI schema without grids: the vendor's SDK shows nothing of it",
            "/data/settings/data: placement 'settings' has no variation: it is kept, and resolving it finds nothing",
        ])
    }

    @Test func itsFlowsResolveWithTheStringsOfTheLayoutsThatDecode() throws {
        try store.importExport(Self.file)
        let flow = try store.run(["resolve", "--placement", "welcome", "--locale", "fr-CA"]).json()
        #expect((flow["remoteConfig"] as? [String: Any])?["headline"] as? String == "Bonjour")
        let layouts = try #require(flow["layouts"] as? [[String: Any]])
        #expect(layouts.map { $0["id"] as? String } == ["lay-legacy", "lay-missing", "lay-default-gone"])
        #expect(layouts.map { ($0["strings"] as? [String: Any])?.count } == [0, 0, 1])
        #expect((layouts[2]["strings"] as? [String: Any])?["title"] as? String == "Welcome")
        let bare = try store.run(["resolve", "--placement", "bare"])
        #expect(bare.status == 0, "\(bare.standardError)")
        #expect(try (bare.json()["layouts"] as? [Any])?.isEmpty == true)
    }

    @Test func fallbackFilesCarryTheLayoutsAsTheyCame() throws {
        try store.importExport(Self.file)
        let outcome = try store.run(["fallbacks", "--format-version", "11", "--locales", "en,fr", "--out", "out"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let source = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.file))) as? [String: Any])
        for locale in ["en", "fr"] {
            let written = store.directory.appendingPathComponent("out/fallback.\(locale).json")
            let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: written)) as? [String: Any])
            #expect(NSDictionary(dictionary: try #require(file["ui_builder"] as? [String: Any]))
                == NSDictionary(dictionary: try #require(source["ui_builder"] as? [String: Any])), "\(locale)")
        }
    }
}
