import FixtureSupport
import Foundation
import Testing

/// The bounds docs/openapi.json gives request parameters, as a real serve holds them: a request past one is refused
/// 400 with what it passed, whatever else it holds, and the server goes on answering.
@Suite struct ServeParameterBoundsTests {
    let store: TemporaryStore
    let server: ServeProcess

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        server = try ServeProcess(store: store.path)
    }

    /// At most 32 `locale` parameters, empty ones counted: an empty one adds no preference, yet 33 of them are
    /// past the bound the document gives (`maxItems`).
    @Test func moreThan32LocaleParametersAreRefusedEvenEmpty() throws {
        let locales = { (count: Int) in (Array(repeating: "locale=", count: count - 1) + ["locale=de"]).joined(separator: "&") }

        let bundle = try server.request("GET", "/v1/placements/onboarding/bundle?" + locales(33))
        #expect(bundle.status == 400)
        #expect(bundle.errorMessage == "invalid value '33 locales' for locale: expected at most 32")
        let match = try server.request("GET", "/v1/locales/match?available=en,de&" + locales(33))
        #expect(match.status == 400)
        #expect(match.errorMessage == "33 locales: at most 32")
        let batch = try server.request("POST", "/v1/bundles",
                                       body: #"{"requests": [{"placement": "onboarding", "locales": [\#(Array(repeating: #""""#, count: 33).joined(separator: ","))]}]}"#)
        #expect(batch.status == 200)
        #expect(batch.body.contains(#"invalid value '33 locales' for /requests/0/locales: expected at most 32"#), "\(batch.body)")

        let fits = try server.request("GET", "/v1/placements/onboarding/bundle?" + locales(32))
        #expect(fits.status == 200)
        #expect(try fits.json()["locale"].flatMap { ($0 as? [String: Any])?["matched"] as? String } == "de")
        #expect(try server.request("GET", "/v1/locales/match?available=en,de&" + locales(32)).status == 200)
    }
}
