import Foundation
import Synchronization
import Testing

/// docs/contracts.md's routes over HTTP against a real `paywalls serve` on a store holding the sample export
/// and the format-11 vendor file (flows, onboardings): every answer compared with what the CLI says
/// for the same question.
@Suite final class ServeRoutesTests {
    let store: TemporaryStore
    let server: ServeProcess

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        try store.importExport(PlacementKindsCommandTests.fixture("format-11.json"), source: "vendor")
        server = try ServeProcess(store: store.path)
    }

    /// The CLI's bundle for the same request, compact, as the service sends it.
    func cliBundle(_ arguments: [String]) throws -> String {
        try canonicalJSON(try store.run(["resolve"] + arguments).standardOutput)
    }

    @Test(arguments: [
        ("/v1/placements/onboarding/bundle?locale=pt_BR&country=BR", ["--placement", "onboarding", "--locale", "pt_BR", "--country", "BR"]),
        ("/v1/placements/onboarding/bundle?locale=ar-EG&attribution=apple_ads&app_version=4.0&profile_id=u-7",
         ["--placement", "onboarding", "--locale", "ar-EG", "--attribution", "apple_ads", "--app-version", "4.0", "--profile-id", "u-7"]),
        ("/v1/placements/promo.%C3%A9t%C3%A9/bundle?locale=zh-HK&locale=en&mode=adapty", ["--placement", "promo.été", "--locale", "zh-HK", "--locale", "en", "--mode", "adapty"]),
        ("/v1/placements/settings/bundle?attr.plan=free&default_audience=true", ["--placement", "settings", "--attribute", "plan=free", "--default-audience"]),
        ("/v1/placements/sleep/bundle?locale=de-AT&profile_id=u1", ["--placement", "sleep", "--locale", "de-AT", "--profile-id", "u1"]),
        ("/v1/placements/welcome/bundle?locale=pt_BR&source=vendor", ["--placement", "welcome", "--locale", "pt_BR", "--source", "vendor"]),
    ])
    func aBundleIsTheCLIsBundle(_ target: String, _ arguments: [String]) throws {
        let response = try server.request("GET", target)
        #expect(response.status == 200, "\(response.body)")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(try canonicalJSON(response.body) == (try cliBundle(arguments)))
        let tag = try #require(response.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)
        // Every answer may come gzipped; without a locale parameter it depends on Accept-Language too (here absent).
        #expect(response.header("Vary") == (target.contains("locale=") ? "Accept-Encoding" : "Accept-Language, Accept-Encoding"))
        let again = try server.request("GET", target, headers: ["If-None-Match: W/\"other\", \(tag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == tag)
    }

    @Test func withoutALocaleTheAcceptLanguageHeaderDecidesAndTheAnswerVaries() throws {
        let response = try server.request("GET", "/v1/placements/onboarding/bundle", headers: ["Accept-Language: da, pt-BR;q=0.9, en;q=0.5"])
        #expect(response.status == 200)
        #expect(response.header("Vary") == "Accept-Language, Accept-Encoding")
        let bundle = try response.json()
        #expect((bundle["locale"] as? [String: Any])?["matched"] as? String == "pt-br")
        #expect((bundle["locale"] as? [String: Any])?["requested"] as? [String] == ["da", "pt-BR", "en"])
        #expect(try canonicalJSON(response.body) == (try cliBundle(["--placement", "onboarding", "--locale", "da, pt-BR;q=0.9, en;q=0.5"])))
    }

    @Test func explainAddsTheExplanation() throws {
        let response = try server.request("GET", "/v1/placements/onboarding/bundle?locale=pt_BR&country=BR&explain=true")
        let explanation = try #require(try response.json()["explanation"] as? [String])
        let cli = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt_BR", "--country", "BR", "--explain"])
        #expect(explanation == cli.standardError.split(separator: "\n").map { String($0.dropFirst("explain: ".count)) })
    }

    /// An attribute's key and value stay apart from the query to the resolver: `attr.plan%3Dfree=x` is
    /// the key `plan=free` with the value `x`, so the user has no `plan` and gets the default audience,
    /// not the audience of any known plan (as `plan` = `free=x` would); the same from a batch item.
    @Test func anAttributeKeyMayHoldAnEqualsSign() throws {
        func audience(_ bundle: Any?) -> String? { ((bundle as? [String: Any])?["audience"] as? [String: Any])?["name"] as? String }
        let keyed = try server.request("GET", "/v1/placements/locked_feature/bundle?attr.plan%3Dfree=x")
        #expect(audience(try keyed.json()) == "All Users", "\(keyed.body)")
        let valued = try server.request("GET", "/v1/placements/locked_feature/bundle?attr.plan=free%3Dx")
        #expect(audience(try valued.json()) == "Any known plan", "\(valued.body)")
        let batch = try server.request("POST", "/v1/bundles", body: #"{"requests": [{"placement": "locked_feature", "attributes": {"plan=free": "x"}}]}"#)
        #expect(audience((try batch.json()["bundles"] as? [Any])?.first) == "All Users", "\(batch.body)")
    }

    @Test(arguments: [
        ("/v1/placements/onbording/bundle", 404, "unknown_placement"),
        ("/v1/placements/onboarding/bundle?app_version=banana", 400, "bad_request"),
        ("/v1/placements/onboarding/bundle?mode=best", 400, "bad_request"),
        ("/v1/placements/onboarding/bundle?local=pt_BR", 400, "bad_request"),
        ("/v1/placements/onboarding/bundle?locale=%zz", 400, "bad_request"),
        ("/v1/placements/onboarding/bundle?locale=%C3%28", 400, "bad_request"),
        ("/v1/placements/onboarding/bundle?explain=yes", 400, "bad_request"),
        ("/v1/placements/onboarding/bundle?country=BR&country=PT", 400, "bad_request"),
        ("/v1/placements/%FF/bundle", 400, "bad_request"),
        ("/v1/placements/promo.%C3%A9t%C3%A9/bundle?source=android", 404, "not_found"),
        ("/v1/placements/promo.%C3%A9t%C3%A9/bundle?source=vendor", 404, "not_found"),
    ])
    func badRequestsGetTheirErrors(_ target: String, _ status: Int, _ code: String) throws {
        let response = try server.request("GET", target)
        #expect(response.status == status, "\(target): \(response.body)")
        let error = try #require(try response.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == code)
        #expect(error["status"] as? Int == status)
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test func anUnknownPlacementNamesTheClosest() throws {
        let error = try #require(try server.request("GET", "/v1/placements/onbording/bundle").json()["error"] as? [String: Any])
        #expect(error["closest"] as? [String] == ["onboarding"])
        #expect(error["message"] as? String == "no placement 'onbording'")
    }

    @Test func aBatchAnswersEachRequestInOrder() throws {
        let body = """
            {"requests": [{"placement": "onboarding", "locales": ["pt_BR"], "country": "BR"},
                          {"placement": "nope"},
                          {"placement": "sleep", "locales": ["de-AT"], "profile_id": "u1", "attributes": {"plan": "free"}},
                          {"placement": "onboarding", "app_version": "x.y"},
                          7]}
            """
        let response = try server.request("POST", "/v1/bundles", headers: ["Content-Type: application/json"], body: body)
        #expect(response.status == 200)
        let bundles = try #require(try response.json()["bundles"] as? [Any])
        #expect(bundles.count == 5)
        let expected0 = try cliBundle(["--placement", "onboarding", "--locale", "pt_BR", "--country", "BR"])
        #expect(try canonicalJSON(of: bundles[0]) == expected0)
        #expect(((bundles[1] as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "unknown_placement")
        #expect(try canonicalJSON(of: bundles[2]) == (try cliBundle(["--placement", "sleep", "--locale", "de-AT", "--profile-id", "u1", "--attribute", "plan=free"])))
        let bad = try #require((bundles[3] as? [String: Any])?["error"] as? [String: Any])
        #expect(bad["code"] as? String == "bad_request")
        #expect((bad["message"] as? String)?.contains("/requests/3/app_version") == true)
        #expect(((bundles[4] as? [String: Any])?["error"] as? [String: Any])?["status"] as? Int == 400)
    }

    @Test(arguments: [("not json", 400), (#"{"requests": 3}"#, 400), (#"[1]"#, 400)])
    func aBadBatchIs400(_ body: String, _ status: Int) throws {
        let response = try server.request("POST", "/v1/bundles", body: body)
        #expect(response.status == status)
        #expect((try response.json()["error"] as? [String: Any])?["code"] as? String == "bad_request")
    }

    @Test func moreThanAThousandBatchItemsIs413() throws {
        let items = Array(repeating: #"{"placement": "onboarding"}"#, count: 1001).joined(separator: ",")
        let response = try server.request("POST", "/v1/bundles", body: #"{"requests": [\#(items)]}"#)
        #expect(response.status == 413)
    }

    @Test func placementsListsEverySourcesPlacements() throws {
        let placements = try #require(try server.request("GET", "/v1/placements").json()["placements"] as? [[String: Any]])
        let local = placements.filter { $0["source"] as? String == "local" }.compactMap { $0["id"] as? String }
        let vendor = placements.filter { $0["source"] as? String == "vendor" }.compactMap { $0["id"] as? String }
        #expect(local == ["onboarding", "settings", "locked_feature", "promo.été"])
        #expect(vendor == ["sleep", "welcome", "promo.été"])
        #expect(placements.allSatisfy { ($0["snapshot"] as? String)?.hasPrefix("00000") == true })
    }

    /// Pages of the same list, of every size, each with the total and the next page's offset until the last.
    @Test func placementsComeInPages() throws {
        let whole = try #require(try server.request("GET", "/v1/placements").json()["placements"] as? [[String: Any]])
        let ids = whole.map { "\($0["source"]!)/\($0["id"]!)" }
        for limit in 1...(ids.count + 1) {
            var offset: Int? = 0, paged: [String] = []
            while let next = offset {
                let page = try server.request("GET", "/v1/placements?limit=\(limit)&offset=\(next)").json()
                let entries = try #require(page["placements"] as? [[String: Any]])
                #expect(entries.count == min(limit, ids.count - next))
                #expect(page["total"] as? Int == ids.count)
                paged += entries.map { "\($0["source"]!)/\($0["id"]!)" }
                offset = page["nextOffset"] as? Int
                #expect(offset == (next + limit < ids.count ? next + limit : nil))
            }
            #expect(paged == ids, "pages of \(limit)")
        }
        let past = try server.request("GET", "/v1/placements?offset=100").json()
        #expect((past["placements"] as? [Any])?.isEmpty == true && past["nextOffset"] == nil)
        for (query, message) in [("limit=0", "invalid value '0' for limit: expected a whole number from 1 to 10000"),
                                 ("limit=10001", "invalid value '10001' for limit"),
                                 ("limit=%2B5", "invalid value '+5' for limit"),
                                 ("offset=99999999999999999999", "invalid value '99999999999999999999' for offset"),
                                 ("page=2", "unknown query parameter 'page'")] {
            let refused = try server.request("GET", "/v1/placements?\(query)")
            #expect(refused.status == 400)
            #expect(refused.body.contains(message), "\(query): \(refused.body)")
        }
    }

    @Test func localeMatchIsTheCLIsJSON() throws {
        let response = try server.request("GET", "/v1/locales/match?available=en,es,es-419&locale=es-AR&locale=fr%3Bq%3D0.2")
        let cli = try store.run(["locale", "match", "--json", "--available", "en,es,es-419", "es-AR", "fr;q=0.2"])
        #expect(try canonicalJSON(response.body) == (try canonicalJSON(cli.standardOutput)))
        #expect(try server.request("GET", "/v1/locales/match?locale=en").status == 400)
        #expect(try server.request("GET", "/v1/locales/match?available=en&locale=de&default=12").status == 400)
    }

    @Test func statusIsTheCLIsJSON() throws {
        let response = try server.request("GET", "/v1/status")
        #expect(try canonicalJSON(response.body) == (try canonicalJSON(try store.run(["status", "--json"]).standardOutput)))
    }

    @Test func readyAndMetrics() throws {
        let ready = try server.request("GET", "/readyz")
        #expect(ready.status == 200)
        #expect((try ready.json()["snapshots"] as? [String])?.count == 2)
        _ = try server.request("GET", "/v1/placements/onboarding/bundle?locale=de")
        _ = try server.request("GET", "/v1/placements/nope/bundle")
        let metrics = try server.request("GET", "/metrics")
        #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        let lines = metrics.body.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"paywalls_requests_total{route="/v1/placements/{id}/bundle",status="200"} 1"#))
        #expect(lines.contains(#"paywalls_requests_total{route="/v1/placements/{id}/bundle",status="404"} 1"#))
        #expect(lines.contains(#"paywalls_request_duration_seconds_count{route="/v1/placements/{id}/bundle"} 2"#))
        #expect(lines.contains(#"paywalls_reloads_total{result="ok"} 1"#))
        #expect(lines.contains { $0.hasPrefix(#"paywalls_snapshot_info{source="vendor",snapshot="#) })
        #expect(lines.contains { $0.hasPrefix(#"paywalls_snapshot_age_seconds{source="local"} "#) })
    }
}

/// Serve on a store that starts empty: not ready, then ready without a restart once an import
/// publishes; a new snapshot replaces the served one within the reload interval, and on SIGHUP.
@Suite final class ServeReloadTests {
    @Test func anEmptyStoreServesOnceAnImportPublishes() throws {
        let store = try TemporaryStore()
        let server = try ServeProcess(store: store.path)
        #expect(server.startupLine.hasSuffix(#""snapshots":[]}"#))
        let notReady = try server.request("GET", "/readyz")
        #expect(notReady.status == 503)
        #expect((try notReady.json()["error"] as? [String: Any])?["code"] as? String == "no_snapshot")
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle").status == 503)

        try store.importExport()
        let deadline = Date().addingTimeInterval(10)
        var ready = false
        while !ready, Date() < deadline {
            ready = try server.request("GET", "/readyz").status == 200
            if !ready { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(ready)
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle?locale=de").status == 200)
        let outcome = try server.stop()
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("serving 000001-"))
    }

    /// With an hour between looks at the store, a new snapshot is served after SIGHUP and not before
    /// (the default second has long passed by then): the signal, not the timer, reloaded it.
    @Test func sighupLooksAtTheStoreAtOnce() throws {
        let store = try TemporaryStore()
        try store.importExport()
        let server = try ServeProcess(["--reload-interval", "1h"], store: store.path)
        let original = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        try store.importExport(try store.write(original.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "58.json"))
        func servedRevision() throws -> Int? {
            ((try server.request("GET", "/v1/placements/onboarding/bundle").json())["snapshot"] as? [String: Any])?["revision"] as? Int
        }
        Thread.sleep(forTimeInterval: 2)
        #expect(try servedRevision() == 57)

        server.running.signal(SIGHUP)
        let deadline = Date().addingTimeInterval(10)
        var revision = try servedRevision()
        while revision != 58, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            revision = try servedRevision()
        }
        #expect(revision == 58)
        let outcome = try server.stop()
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("serving 000002-"), "\(outcome.standardError)")
    }

    /// A source that synced is compiled again; the others are kept as they were compiled, and said so.
    @Test func aReloadRecompilesOnlyTheSourceThatChanged() throws {
        let store = try TemporaryStore()
        try store.importExport()
        try store.importExport(TemporaryStore.flowFilePath, source: "flows")
        let server = try ServeProcess(store: store.path)
        let original = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        try store.importExport(try store.write(original.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "58.json"))
        let deadline = Date().addingTimeInterval(10)
        var revision: Int?
        while revision != 58, Date() < deadline {
            revision = ((try? server.request("GET", "/v1/placements/onboarding/bundle?source=local").json())?["snapshot"] as? [String: Any])?["revision"] as? Int
            if revision != 58 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(revision == 58)
        let log = try server.stop().standardError
        #expect(log.contains("serving 000003-"))
        #expect(log.contains("; kept 000002-"), "\(log)")
        #expect(!log.contains("kept 000001-") && !log.contains("kept 000003-"), "\(log)")
    }

    /// Requests keep flowing while new snapshots are published: every answer is a 200 wholly from one
    /// snapshot (its revision and its content agree), and the newest one is served within seconds.
    @Test func aReloadUnderLoadFailsNoRequestAndMixesNoSnapshots() throws {
        let store = try TemporaryStore()
        let original = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        func revision(_ number: Int) throws -> String {
            try store.write(original.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": \(number)")
                .replacingOccurrences(of: "Durma melhor a partir de hoje", with: "Durma melhor \(number)"), to: "revision-\(number).json")
        }
        try store.importExport(try revision(57))
        let server = try ServeProcess(store: store.path)
        let target = "/v1/placements/onboarding/bundle?locale=pt_BR&country=BR"
        let results = Mutex<[(status: Int, revision: Int?, title: String?)]>([])
        let publishing = Atomic<Bool>(true)
        let (host, port) = (server.host, server.port)
        let client = Thread {
            // Bounded in count as well as by the publishing below.
            for _ in 0..<4000 where publishing.load(ordering: .relaxed) {
                let connection = try? RawConnection(host: host, port: port)
                try? connection?.send("GET \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                guard let response = try? connection?.readResponse(isHead: false), let bundle = try? response.json() else {
                    results.withLock { $0.append((0, nil, nil)) }
                    continue
                }
                let revision = (bundle["snapshot"] as? [String: Any])?["revision"] as? Int
                let title = ((bundle["viewConfiguration"] as? [String: Any])?["strings"] as? [String: Any])?["title"] as? String
                results.withLock { $0.append((response.status, revision, title)) }
            }
        }
        client.start()
        for number in 58...60 {
            Thread.sleep(forTimeInterval: 0.8)
            try store.importExport(try revision(number))
        }
        let deadline = Date().addingTimeInterval(5)
        var newest: Int?
        while newest != 60, Date() < deadline {
            newest = ((try? server.request("GET", target).json())?["snapshot"] as? [String: Any])?["revision"] as? Int
            if newest != 60 { Thread.sleep(forTimeInterval: 0.05) }
        }
        publishing.store(false, ordering: .relaxed)
        while client.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
        #expect(newest == 60, "the last snapshot was not served within 5 s")
        let answers = results.withLock { $0 }
        #expect(answers.count > 20)
        #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.filter { $0.status != 200 }.count) of \(answers.count) failed")
        let mixed = answers.filter { answer in answer.revision.map { answer.title != "Durma melhor \($0)" } ?? true }
        #expect(mixed.isEmpty, "\(mixed.count) mixed, such as \(String(describing: mixed.first))")
        #expect(Set(answers.compactMap(\.revision)).count >= 2)
    }
}
