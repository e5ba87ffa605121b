import Foundation
import Testing

/// What `Cache-Control` tells caches of each route's answers (docs/contracts.md), with and without
/// `--cache-max-age` and `--token-file`.
@Suite final class ServeCachingTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static let bundle = "/v1/placements/onboarding/bundle?locale=pt_BR"

    /// The field on each route's answer, its errors' and a refused request's.
    func cacheControls(of server: ServeProcess, headers: [String] = []) throws -> [String: String?] {
        var seen: [String: String?] = [:]
        for target in [Self.bundle, "/v1/placements", "/v1/locales/match?locale=pt-BR&available=pt,en", "/v1/status", "/metrics",
                       "/healthz", "/readyz", "/v1/placements/nowhere/bundle", "/nowhere"] {
            seen[target] = try server.request("GET", target, headers: headers).header("Cache-Control")
        }
        let connection = try server.connect()
        try connection.send("GET /healthz HTTP/1.1\r\n\r\n")
        seen["refused"] = try #require(try connection.readResponse()).header("Cache-Control")
        let tag = try #require(try server.request("GET", Self.bundle, headers: headers).header("ETag"))
        let notModified = try server.request("GET", Self.bundle, headers: headers + ["If-None-Match: \(tag)"])
        #expect(notModified.status == 304)
        seen["304"] = notModified.header("Cache-Control")
        return seen
    }

    static func expected(bundle: String, revalidated: String) -> [String: String?] {
        [bundle: bundle, "304": bundle, "/v1/placements": revalidated, "/v1/locales/match?locale=pt-BR&available=pt,en": revalidated,
         "/v1/status": "no-store", "/metrics": "no-store", "/healthz": "no-store", "/readyz": "no-store",
         "/v1/placements/nowhere/bundle": "no-store", "/nowhere": "no-store", "refused": "no-store"]
            .reduce(into: [:]) { $0[$1.key == bundle ? Self.bundle : $1.key] = $1.value }
    }

    @Test func bundlesAreRevalidatedByTheirETagAndWhatIsLiveIsNeverKept() throws {
        let server = try ServeProcess(store: store.path)
        #expect(try cacheControls(of: server) == Self.expected(bundle: "no-cache", revalidated: "no-cache"))
    }

    @Test func aMaxAgeLetsCachesKeepBundlesThatLong() throws {
        let server = try ServeProcess(["--cache-max-age", "90s"], store: store.path)
        #expect(try cacheControls(of: server) == Self.expected(bundle: "public, max-age=90, must-revalidate", revalidated: "no-cache"))
    }

    @Test func withATokenWhatMayBeKeptIsPrivate() throws {
        let token = store.directory.appendingPathComponent("serve.token").path
        try Data("s3cret-token-for-caching\n".utf8).write(to: URL(fileURLWithPath: token))
        let server = try ServeProcess(["--token-file", token, "--cache-max-age", "90s"], store: store.path)
        let seen = try cacheControls(of: server, headers: ["Authorization: Bearer s3cret-token-for-caching"])
        #expect(seen == Self.expected(bundle: "private, max-age=90, must-revalidate", revalidated: "private, no-cache"))
        // A refusal of the token is an error: never kept.
        #expect(try server.request("GET", "/v1/placements").header("Cache-Control") == "no-store")
    }

    @Test func aMaxAgeOutOfRangeIsRefusedByName() throws {
        let outcome = try store.run(["serve", "--listen", "127.0.0.1:0", "--cache-max-age", "2d"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--cache-max-age"), "\(outcome.standardError)")
    }
}
