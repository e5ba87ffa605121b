import FixtureSupport
import Foundation
import Testing

/// One decision, whoever asks: for every placement of each fixture (paywalls, the vendor's paywalls
/// and onboardings, flows) in a sweep of locales, profiles, countries, platforms and modes, the bundle
/// `paywalls resolve` prints, the bundle route's body and the `POST /v1/bundles` item are the same
/// bytes (the CLI's but for its indentation), and `?explain=true` is that bundle with the account of
/// the variation and locale it shows.
@Suite final class AnswerAgreementTests {
    static let locales = ["pt_BR", "zh-TW", "es-MX", "ja-JP", "de-AT", "fr-CA", "ar-EG", "en", "ru", "nb-NO", "x-bork"]
    static let countries: [String?] = [nil, "BR", "US", "DE", "JP"]
    static let platforms: [String?] = [nil, "ios", "android"]
    static let modes: [String?] = [nil, nil, "adapty", "icu"]
    /// Requests per placement.
    static let perPlacement = 10

    struct Request {
        let placement: String
        let locale: String
        let profileID: String?
        let country: String?
        let platform: String?
        let mode: String?

        var arguments: [String] {
            ["--placement", placement, "--locale", locale] + (profileID.map { ["--profile-id", $0] } ?? []) + (country.map { ["--country", $0] } ?? [])
                + (platform.map { ["--platform", $0] } ?? []) + (mode.map { ["--mode", $0] } ?? [])
        }

        var query: String {
            var items = [URLQueryItem(name: "locale", value: locale)]
            items += [("profile_id", profileID), ("country", country), ("platform", platform), ("mode", mode)].compactMap { name, value in
                value.map { URLQueryItem(name: name, value: $0) }
            }
            var components = URLComponents()
            components.queryItems = items
            return components.percentEncodedQuery ?? ""
        }

        var batchItem: [String: Any] {
            var item: [String: Any] = ["placement": placement, "locales": [locale]]
            for (key, value) in [("profile_id", profileID), ("country", country), ("platform", platform), ("mode", mode)] {
                if let value { item[key] = value }
            }
            return item
        }
    }

    /// JSON without the whitespace between its tokens: the CLI's indented bundle as the server sends it.
    static func compact(_ json: String) -> String {
        var result = "", inString = false, escaped = false
        for character in json {
            if inString {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
                result.append(character)
            } else if !character.isWhitespace {
                result.append(character)
            }
        }
        return result
    }

    @Test(arguments: [("sync-config/sample-export.json", ["paywall"]), ("Tests/Fixtures/adapty-fallback/vendor-ios-v8.json", ["paywall", "onboarding"]),
                      ("Tests/Fixtures/adapty-fallback/format-11.json", ["onboarding", "flow"])])
    func theCLITheBundleRouteAndTheBatchAnswerAlike(_ fixture: String, kindsShown: [String]) throws {
        let store = try TemporaryStore()
        try store.importExport(Repository.file(fixture).path)
        let server = try ServeProcess(store: store.path)
        let listing = try server.request("GET", "/v1/placements")
        let placements = try #require(try listing.json()["placements"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        try #require(!placements.isEmpty)
        var requests: [Request] = []
        for (index, placement) in placements.enumerated() {
            for step in 0..<Self.perPlacement {
                let n = index * Self.perPlacement + step
                requests.append(Request(placement: placement, locale: Self.locales[n % Self.locales.count],
                                        profileID: n % 5 == 0 ? nil : "profile-\(n)", country: Self.countries[n % Self.countries.count],
                                        platform: Self.platforms[n % Self.platforms.count], mode: Self.modes[n % Self.modes.count]))
            }
        }
        /// Each request's bundle route body, nil where it answered an error.
        var served: [String?] = [], kinds: Set<String> = []
        for request in requests {
            let cli = try store.run(["resolve"] + request.arguments)
            let path = "/v1/placements/\(request.placement.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")/bundle?\(request.query)"
            let answer = try server.request("GET", path)
            guard cli.status == 0 else {
                #expect(answer.status != 200, "\(request.arguments): the CLI exited \(cli.status), serve answered 200")
                served.append(nil)
                continue
            }
            try #require(answer.status == 200, "\(request.arguments): \(answer.body)")
            #expect(answer.body == Self.compact(cli.standardOutput), "\(request.arguments)")
            served.append(answer.body)
            // A kept answer is sent where it lies; HEAD gets its length and tag without it.
            let head = try server.request("HEAD", path)
            #expect(head.status == 200 && head.body.isEmpty, "\(request.arguments)")
            #expect(head.header("Content-Length") == String(answer.body.utf8.count), "\(request.arguments)")
            #expect(head.header("ETag") != nil && head.header("ETag") == answer.header("ETag"), "\(request.arguments)")
            let bundle = try answer.json()
            kinds.insert(bundle["kind"] as? String ?? "")

            let explained = try server.request("GET", path + "&explain=true")
            #expect(explained.body.hasPrefix(String(answer.body.dropLast()) + #","explanation":["#), "\(request.arguments)")
            let lines = try #require(try explained.json()["explanation"] as? [String])
            let variation = try #require(bundle["variationId"] as? String)
            let matched = try #require((bundle["locale"] as? [String: Any])?["matched"] as? String)
            #expect(lines.contains { $0.hasPrefix("variation \(variation) ") }, "\(lines)")
            #expect(lines.contains { $0.contains("matched \(matched) ") } || bundle["kind"] as? String == "onboarding", "\(lines)")
        }
        let body = String(data: try JSONSerialization.data(withJSONObject: ["requests": requests.map(\.batchItem)]), encoding: .utf8)!
        let batch = try server.request("POST", "/v1/bundles", body: body)
        try #require(batch.status == 200, "\(batch.body)")
        let items = try #require(Self.items(ofBatch: batch.body), "\(batch.body.prefix(300))")
        try #require(items.count == served.count)
        for (index, (item, route)) in zip(items, served).enumerated() {
            if let route {
                #expect(item == route, "\(requests[index].arguments)")
            } else {
                #expect(item.hasPrefix(#"{"error":"#), "\(requests[index].arguments): \(item)")
            }
        }
        #expect(served.contains { $0 != nil })
        #expect(kinds == Set(kindsShown))
    }

    /// The items of a `{"bundles":[...]}` body, each as its bytes: split at the commas between
    /// top-level objects (strings skipped).
    static func items(ofBatch body: String) -> [String]? {
        let prefix = #"{"bundles":["#
        guard body.hasPrefix(prefix), body.hasSuffix("]}") else { return nil }
        var items: [String] = [], current = "", depth = 0, inString = false, escaped = false
        for character in body.dropFirst(prefix.count).dropLast(2) {
            if depth == 0, character == "," { continue }
            current.append(character)
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 {
                    items.append(current)
                    current = ""
                }
            default: break
            }
        }
        return depth == 0 && current.isEmpty ? items : nil
    }
}
