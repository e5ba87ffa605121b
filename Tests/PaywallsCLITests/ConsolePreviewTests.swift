import FixtureSupport
import Foundation
import Testing

/// The console's placement page on a real server over the sample export and the format-11 vendor file: each card
/// keeps the page's contract (docs/contracts.md) and says what the bundle route answers for the same request.
@Suite final class ConsolePreviewTests {
    let store: TemporaryStore
    let server: ServeProcess

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        try store.importExport(TemporaryStore.flowFilePath, source: "vendor")
        server = try ServeProcess(store: store.path)
    }

    /// The page, required to be a 200 with the console's headers.
    func page(_ target: String) throws -> ConsolePageText {
        let response = try server.request("GET", target)
        try #require(response.status == 200, "\(target): \(response.body)")
        ConsoleHeaders.expectPresent(on: response, target)
        return ConsolePageText(response.body)
    }

    /// The bundle route's JSON for one card's request.
    func bundle(_ placement: String, locale: String, query: String = "") throws -> [String: Any] {
        let encoded = locale.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? locale
        let response = try server.request("GET", "/v1/placements/\(placement)/bundle?locale=\(encoded)\(query)")
        try #require(response.status == 200, "\(response.body)")
        return try response.json()
    }

    @Test(arguments: [("onboarding", "&country=BR"), ("settings", "&profile_id=u-7"), ("sleep", "&source=vendor")])
    func eachCardIsTheBundleRoutesAnswer(_ placement: String, _ query: String) throws {
        let locales = ["pt-BR", "ar-EG", "zh-TW", "es-MX", "de-AT"]
        let page = try page("/console/placements/\(placement)?locales=\(locales.joined(separator: ","))\(query)")
        let cards = page.tags(with: "data-locale").filter { $0.name == "article" }
        #expect(cards.map { $0.attributes["data-locale"] } == locales)
        for card in cards {
            let locale = try #require(card.attributes["data-locale"])
            let bundle = try bundle(placement, locale: locale, query: query)
            let match = try #require(bundle["locale"] as? [String: Any])
            #expect(card.attributes["data-matched"] == match["matched"] as? String, "\(placement) \(locale)")
            #expect(card.attributes["lang"]?.isEmpty == false && card.attributes["dir"] != nil)
            // Strings: a paywall's, or each layout's of a flow, each with the localization it came from.
            let sections = (bundle["viewConfiguration"] as? [String: Any]).map { [$0] } ?? (bundle["layouts"] as? [[String: Any]] ?? [])
            // A string's text as the card writes it: a formatted one (runs) as its runs' text, the bold ones in <strong>.
            let expected = sections.flatMap { section -> [(String, String, String)] in
                let strings = section["strings"] as? [String: Any] ?? [:], from = section["stringLocales"] as? [String: String] ?? [:]
                return strings.keys.sorted().map { key in
                    let runs = (strings[key] as? [[String: Any]] ?? []).map { run in
                        let text = run["text"] as? String ?? ""
                        return (run["attributes"] as? [String: Any])?["bold"] as? Bool == true ? "<strong>\(text)</strong>" : text
                    }
                    return (key, strings[key] as? String ?? runs.joined(), from[key] ?? "")
                }
            }
            let shown = page.tags(with: "data-key", inside: card).map { tag in
                (tag.attributes["data-key"] ?? "", page.isolatedText(after: tag, following: "<dd>") ?? "", tag.attributes["data-from"] ?? "")
            }
            #expect(!expected.isEmpty)
            #expect(shown.sorted { ($0.0, $0.2) < ($1.0, $1.2) }.map { "\($0.0)=\($0.1) from \($0.2)" }
                    == expected.sorted { ($0.0, $0.2) < ($1.0, $1.2) }.map { "\($0.0)=\($0.1) from \($0.2)" }, "\(placement) \(locale)")
            for tag in page.tags(with: "data-key", inside: card) {
                let fallback = tag.attributes["data-from"] != card.attributes["data-matched"]
                #expect(tag.attributes["class"]?.contains("fallback") == fallback)
            }
            // A card whose strings come from more than one language says so.
            let languages = Set(page.tags(with: "data-key", inside: card).compactMap { $0.attributes["data-from"]?.split(separator: "-").first?.lowercased() })
            #expect((page.tags(with: "data-mixed", inside: card).first != nil) == (languages.count > 1), "\(placement) \(locale) \(languages)")
            // Why: the ETag is the bundle route's.
            let why = try #require(page.tags(with: "data-why").first { $0.attributes["data-why"] == locale })
            let encoded = locale.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? locale
            let tag = try server.request("GET", "/v1/placements/\(placement)/bundle?locale=\(encoded)\(query)").header("ETag")
            #expect(page.tags(with: "data-etag", inside: why).first?.attributes["data-etag"] == tag)
            // Products, a paywall's own or those of a flow's paywalls, each with the price the bundle says.
            let products = (bundle["products"] as? [[String: Any]])
                ?? (bundle["paywalls"] as? [[String: Any]] ?? []).flatMap { $0["products"] as? [[String: Any]] ?? [] }
            let shownProducts = page.tags(with: "data-product", inside: card).map { "\($0.attributes["data-product"] ?? "") \($0.attributes["data-price"] ?? "")" }
            #expect(shownProducts == products.map { "\($0["vendorProductId"] as? String ?? "") \($0["localizedPrice"] as? String ?? "")" })
        }
    }

    @Test func aDevicesPreferencesAreOneMoreCardAsTheAcceptLanguageHeaderGetsIt() throws {
        let preferences = "da, pt-BR;q=0.9, en;q=0.5"
        let encoded = preferences.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? preferences
        let page = try page("/console/placements/onboarding?locales=ja&device=\(encoded)&country=BR")
        let cards = page.tags(with: "data-locale").filter { $0.name == "article" }
        #expect(cards.map { $0.attributes["data-locale"] } == ["ja", preferences])
        let header = try server.request("GET", "/v1/placements/onboarding/bundle?country=BR", headers: ["Accept-Language: \(preferences)"]).json()
        #expect(cards.last?.attributes["data-matched"] == (header["locale"] as? [String: Any])?["matched"] as? String)
        let products = (header["products"] as? [[String: Any]] ?? []).map { $0["localizedPrice"] as? String }
        #expect(page.tags(with: "data-price", inside: try #require(cards.last)).map { $0.attributes["data-price"] } == products)
    }

    @Test func arabicIsRightToLeftAndTaiwanGetsTraditionalChinese() throws {
        let page = try page("/console/placements/onboarding?locales=ar-EG,zh-TW,he,en-US")
        let cards = Dictionary(uniqueKeysWithValues: page.tags(with: "data-locale").filter { $0.name == "article" }.map { ($0.attributes["data-locale"]!, $0) })
        #expect(cards["ar-EG"]?.attributes["dir"] == "rtl")
        #expect(cards["ar-EG"]?.attributes["lang"] == "ar")
        #expect(cards["zh-TW"]?.attributes["data-matched"] == "zh-hant")
        #expect(cards["zh-TW"]?.attributes["lang"] == "zh-Hant")
        #expect(cards["zh-TW"]?.attributes["dir"] == "ltr")
        // No Hebrew localization: the card shows the default's English, left to right.
        #expect(cards["he"]?.attributes["data-result"] == "default")
        #expect(cards["he"]?.attributes["dir"] == "ltr")
        #expect(cards["en-US"]?.attributes["dir"] == "ltr")
    }

    @Test func theMatrixHasEachDeviceLocalesResultAndTheVendorRuleItsDifferences() throws {
        let page = try page("/console/placements/onboarding")
        let cells = page.tags(with: "data-result").filter { $0.name == "td" }
        let deviceLocales = try String(contentsOf: Repository.file("locales/device-locales.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(cells.map { $0.attributes["data-locale"] } == deviceLocales)
        let taiwan = try #require(cells.first { $0.attributes["data-locale"] == "zh-Hant-TW" })
        #expect(taiwan.attributes["data-result"] == "exact" && taiwan.attributes["data-matched"] == "zh-hant")
        let cellResults = Set(cells.compactMap { $0.attributes["data-result"] })
        #expect(cellResults.isSubset(of: ["exact", "fallback", "default", "none"]) && cellResults.contains("default"))
        // The vendor's rule gives Taiwan Simplified Chinese, and Mexico Spanish without its Latin American strings.
        let compared = Dictionary(uniqueKeysWithValues: page.tags(with: "data-vendor").map { ($0.attributes["data-locale"]!, $0) })
        #expect(compared["zh-TW"]?.attributes["data-vendor"] == "zh" && compared["zh-TW"]?.attributes["data-differs"] == "true")
        #expect(compared["pt-BR"]?.attributes["data-differs"] == "false")
        // Given locales are the matrix's rows.
        let given = try self.page("/console/placements/onboarding?locales=es-MX,ja")
        #expect(given.tags(with: "data-result").filter { $0.name == "td" }.map { $0.attributes["data-locale"] } == ["es-MX", "ja"])
    }

    @Test func thePlacementsListIsFilteredAndPaged() throws {
        let all = try page("/console/")
        let rows = all.tags(with: "data-placement").map { $0.attributes["data-placement"] ?? "" }
        #expect(rows == ["onboarding", "settings", "locked_feature", "promo.été", "sleep", "welcome", "promo.été"])
        #expect(all.tags(with: "data-source").map { $0.attributes["data-source"] } == ["local", "vendor"])
        let filtered = try page("/console/?q=SET")
        #expect(filtered.tags(with: "data-placement").map { $0.attributes["data-placement"] } == ["settings"])
        let beyond = try page("/console/?page=9")
        #expect(beyond.tags(with: "data-placement").count == rows.count)
    }

    /// A placement's coverage is what `paywalls coverage` says of the paywalls it shows: the device locales that get a
    /// localization of their own of every one.
    @Test(arguments: ["onboarding", "settings", "locked_feature"])
    func coverageIsWhatTheCoverageCommandSays(_ placement: String) throws {
        let report = try store.coverage(["--placement", placement, "--source", "local"])
        let paywalls = try #require(report["paywalls"] as? [[String: Any]])
        let outcomes = paywalls.map { ($0["deviceLocales"] as? [[String: Any]] ?? []).map { $0["result"] as? String } }
        let covered = try #require(outcomes.first).indices.count { index in outcomes.allSatisfy { $0[index] != "default" } }
        // Twice: the second from what the first kept.
        for _ in 0..<2 {
            let page = try self.page("/console/?q=\(placement)")
            let row = try #require(page.tags(with: "data-coverage").first { $0.attributes["data-placement"] == placement })
            #expect(row.attributes["data-coverage"] == "\(covered) of \(outcomes[0].count)")
        }
    }

    /// The heat map's cells are what `paywalls coverage` says each device locale gets of each paywall.
    @Test func theCoverageHeatMapIsWhatTheCoverageCommandSays() throws {
        let report = try store.coverage(["--source", "local"])
        let paywalls = try #require(report["paywalls"] as? [[String: Any]])
        let page = try page("/console/coverage")
        let rows = page.tags(with: "data-content").filter { $0.attributes["data-kind"] == "paywall" }
        #expect(rows.count == paywalls.count)
        for paywall in paywalls {
            let name = try #require(paywall["name"] as? String)
            let row = try #require(rows.first { $0.attributes["data-content"] == name }, "\(name)")
            let expected = (paywall["deviceLocales"] as? [[String: Any]] ?? []).map { "\($0["locale"] as? String ?? "") \($0["result"] as? String ?? "")" }
            let cells = page.tags(with: "data-result", inside: row).map { "\($0.attributes["data-locale"] ?? "") \($0.attributes["data-result"] ?? "")" }
            #expect(cells == expected, "\(name)")
        }
        // The device locales that get the default somewhere, each with how many contents.
        let fallsToDefault = page.tags(with: "data-default-locale")
        #expect(!fallsToDefault.isEmpty && fallsToDefault.allSatisfy { Int($0.attributes["data-count"] ?? "") ?? 0 > 0 })
    }

    /// The snapshots page lists what `paywalls snapshots` lists, and compares two as `paywalls diff` does.
    @Test func snapshotsAreListedAndComparedAsTheDiffCommandDoes() throws {
        try store.importExport(try ConsoleSafetyTests.hostileExport(in: store))
        let listed = try page("/console/snapshots").tags(with: "data-snapshot").compactMap { $0.attributes["data-snapshot"] }
        #expect(listed.count == 3)
        let oldest = try #require(listed.sorted().first), newest = try #require(listed.sorted().last)
        let response = try server.request("GET", "/console/snapshots?from=\(oldest)&to=\(newest)")
        #expect(response.status == 200)
        let outcome = try store.run(["diff", oldest, newest])
        let expected = outcome.standardOutput.split(separator: "\n").dropFirst().map { ConsolePageText.escaped(String($0.dropFirst(2))) }
        #expect(expected.count > 3)
        for line in expected { #expect(response.body.contains("<li><bdi>\(line)</bdi></li>"), "\(line)") }
        #expect(response.body.contains("data-changes=\"\(expected.count)\""))
        let unknown = try server.request("GET", "/console/snapshots?from=\(oldest)&to=000009-nothing")
        #expect(unknown.status == 404 && unknown.body.contains("no snapshot &#39;000009-nothing&#39;"))
    }

    @Test(arguments: [
        ("/console/nowhere", 404, "The console has no page at"),
        ("/console/placements/onbording", 404, "did you mean &#39;onboarding&#39;"),
        ("/console/placements/onboarding/more", 404, "The console has no page at"),
        ("/console/placements/onboarding?profile_id=\(String(repeating: "p", count: 257))", 400, "for profile_id: expected"),
        ("/console/placements/onboarding?mode=vendor", 400, "for mode: expected"),
        ("/console/placements/onboarding?locales=" + Array(repeating: "en", count: 400).joined(separator: ","), 400,
         "400 locales for locales: expected at most 8, a card each"),
        ("/console/placements/onboarding?locale=pt", 400, "unknown query parameter &#39;locale&#39;; did you mean &#39;locales&#39;?"),
        ("/console/?page=0", 400, "for page: expected a whole number"),
        ("/console/placements/%FF", 400, "UTF-8"),
    ])
    func aBadRequestGetsAPageThatSaysWhy(_ target: String, _ status: Int, _ message: String) throws {
        let response = try server.request("GET", target)
        #expect(response.status == status, "\(target): \(response.body)")
        #expect(response.body.contains(message), "\(target): \(response.body)")
        ConsoleHeaders.expectPresent(on: response, target)
        #expect(try server.request("GET", "/console/").status == 200)
    }

    @Test func pagesAnswerHeadAndOnlyTheFormsPost() throws {
        for target in ["/console/", "/console/placements/onboarding", "/console/console.css", "/console/report", "/console/coverage"] {
            let head = try server.request("HEAD", target)
            #expect(head.status == 200 && head.bodyBytes.isEmpty, "\(target)")
            ConsoleHeaders.expectPresent(on: head, target)
        }
        let post = try server.request("POST", "/console/placements/onboarding", body: "x=1")
        #expect(post.status == 405 && post.header("Allow") == "GET, HEAD")
        // `/console` is sent to `/console/`; a path that only starts alike is no console's.
        let bare = try server.request("GET", "/console")
        #expect(bare.status == 303 && bare.header("Location") == "/console/")
        #expect(try server.request("GET", "/consoles").errorCode == "not_found")
    }
}

/// What every console answer carries (docs/contracts.md).
enum ConsoleHeaders {
    static let policy = "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'"

    static func expectPresent(on response: RawResponse, _ target: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.header("Content-Security-Policy") == policy, "\(target)", sourceLocation: sourceLocation)
        #expect(response.header("X-Content-Type-Options") == "nosniff", "\(target)", sourceLocation: sourceLocation)
        #expect(response.header("Referrer-Policy") == "no-referrer", "\(target)", sourceLocation: sourceLocation)
        #expect(response.header("Cache-Control") == "no-store", "\(target)", sourceLocation: sourceLocation)
    }
}
