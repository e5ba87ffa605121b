import FixtureSupport
import Foundation
import Testing

/// Whatever a client puts in a route's query, path segment or batch body, serve answers with a JSON
/// status it documents (never a 500) and stays up; a request past a bound docs/openapi.json gives is refused
/// 400 with what it passed. Bounded: a few hundred seeded requests.
@Suite final class ServeHostileInputTests {
    let store: TemporaryStore
    let server: ServeProcess

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        server = try ServeProcess(store: store.path)
    }

    static let documented: Set<Int> = [200, 304, 400, 404, 405, 413, 414, 431, 503]

    /// Printable ASCII and escapes, the characters a target may carry, mixed with real parameter names.
    static func randomQuery(_ generator: inout SplitMix64) -> String {
        let names = ["locale", "country", "platform", "app_version", "attribution", "attr.plan", "attr.", "profile_id",
                     "default_audience", "mode", "source", "explain", "", "x", "%", "%zz", "%C3%28", "%FF"]
        let values = ["pt_BR", "en;q=0.5,de", "", "%00", "%E2%82", "true", "1.2.3", "..", "cldr", "icu", "banana",
                      String(repeating: "a", count: 300), "%2F%3F%23", "+", "x=y=z", "zh-Hant-TW-u-nu-hanidec", "und-x-priv"]
        return (0..<Int(generator.next() % 6)).map { _ in
            let name = names[Int(generator.next() % UInt64(names.count))]
            let value = values[Int(generator.next() % UInt64(values.count))]
            return generator.next() % 5 == 0 ? name : "\(name)=\(value)"
        }.joined(separator: generator.next() % 7 == 0 ? "&&" : "&")
    }

    @Test func randomQueriesAndPathsGetDocumentedAnswers() throws {
        var generator = SplitMix64(state: 20261201)
        let segments = ["onboarding", "promo.%C3%A9t%C3%A9", "%", "%2F", "..", "%00", "a%20b", String(repeating: "x", count: 500)]
        for _ in 0..<300 {
            let segment = segments[Int(generator.next() % UInt64(segments.count))]
            let target = "/v1/placements/\(segment)/bundle?\(Self.randomQuery(&generator))"
            let response = try server.request("GET", target)
            #expect(Self.documented.contains(response.status), "\(target) -> \(response.status): \(response.body.prefix(200))")
            if response.status != 304 {
                #expect((try? response.json()) != nil, "\(target) answered no JSON object")
            }
        }
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test func randomBatchBodiesGetDocumentedAnswers() throws {
        var generator = SplitMix64(state: 7)
        let pieces = [#"{"requests": ["#, "]}", #"{"placement": "onboarding"}"#, #"{"placement": 3}"#, #"{"locales": [1, null]}"#,
                      #"{"attributes": {"a": []}}"#, "null", "[", "]", "{", "}", ",", #""\u0000""#, #""\ud800""#, "1e999999", "-", #"{"requests": null}"#]
        for _ in 0..<200 {
            let body = (0..<Int(1 + generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let response = try server.request("POST", "/v1/bundles", body: body)
            #expect(Self.documented.contains(response.status), "\(body) -> \(response.status): \(response.body.prefix(200))")
            #expect((try? response.json()) != nil, "\(body) answered no JSON object")
        }
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test func aHangUpReloadsAndDoesNotStopTheServer() throws {
        server.running.signal(SIGHUP)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(server.running.isRunning)
        #expect(try server.request("GET", "/readyz").status == 200)
        let outcome = try server.stop()
        #expect(outcome.status == 0)
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
