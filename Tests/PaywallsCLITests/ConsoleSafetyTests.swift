import Foundation
import Testing

/// What the console does with what it cannot trust: an export whose strings are markup, and a browser that must log
/// in with the admin token before it sees anything, with a session that is not the token.
@Suite final class ConsoleSafetyTests {
    static let hostile = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "\u{202E}gnp.exe", "' onmouseover='alert(3)"]

    /// The sample export with every paywall's English title and name made hostile, and a hostile string key.
    static func hostileExport(in store: TemporaryStore) throws -> String {
        var export = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: TemporaryStore.samplePath))) as? [String: Any])
        var paywalls = try #require(export["paywalls"] as? [[String: Any]])
        for index in paywalls.indices {
            paywalls[index]["name"] = hostile[1]
            var localizations = try #require(paywalls[index]["localizations"] as? [String: Any])
            var english = try #require(localizations["en"] as? [String: Any])
            var strings = try #require(english["strings"] as? [String: Any])
            strings["title"] = hostile[0]
            strings["subtitle"] = hostile[2]
            strings["cta"] = hostile[3]
            strings[hostile[1]] = hostile[1]
            english["strings"] = strings
            localizations["en"] = english
            paywalls[index]["localizations"] = localizations
        }
        export["paywalls"] = paywalls
        return try store.write(String(decoding: JSONSerialization.data(withJSONObject: export), as: UTF8.self), to: "hostile.json")
    }

    @Test func markupInTheExportIsTextInThePage() throws {
        let store = try TemporaryStore()
        try store.importExport(try Self.hostileExport(in: store))
        let server = try ServeProcess(store: store.path)
        for target in ["/console/placements/onboarding?locales=en-US,ja", "/console/", "/console/placements/%3Cscript%3E"] {
            let response = try server.request("GET", target)
            #expect(response.status == (target.contains("script") ? 404 : 200), "\(target)")
            let body = response.body
            #expect(!body.contains("<script"), "\(target)")
            #expect(!body.contains("<img"), "\(target)")
            #expect(!body.contains("' onmouseover"), "\(target)")
            ConsoleHeaders.expectPresent(on: response, target)
        }
        let page = try server.request("GET", "/console/placements/onboarding?locales=en-US").body
        #expect(page.contains("<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>"))
        #expect(page.contains("data-key=\"&quot;&gt;&lt;img src=x onerror=alert(2)&gt;\""))
        #expect(page.contains("<bdi>&#39; onmouseover=&#39;alert(3)</bdi>"))
        // The override stays inside its isolate: every U+202E in the page is between <bdi> and </bdi>.
        let parts = page.components(separatedBy: "\u{202E}")
        #expect(parts.count > 1)
        for before in parts.dropLast() {
            let opened = before.range(of: "<bdi>", options: .backwards)?.lowerBound, closed = before.range(of: "</bdi>", options: .backwards)?.lowerBound
            #expect(opened != nil && (closed == nil || closed! < opened!))
        }
        // The page's cards still say what the bundle says.
        let parsed = ConsolePageText(page)
        let title = try #require(parsed.tags(with: "data-key").first { $0.attributes["data-key"] == "title" })
        #expect(parsed.isolatedText(after: title, following: "<dd>") == Self.hostile[0])
    }

    static let adminSecret = "adm-console-SECRET-4b1d"

    func tokenServer(admin: Bool) throws -> (ServeProcess, TemporaryStore) {
        let store = try TemporaryStore()
        try store.importExport()
        let app = try ServeTokenTests.tokenFile("app-console-SECRET-77", in: store.directory, named: "app.token")
        let adminArguments = admin ? ["--admin-token-file", try ServeTokenTests.tokenFile(Self.adminSecret, in: store.directory, named: "admin.token")] : []
        return (try ServeProcess(["--token-file", app] + adminArguments, store: store.path), store)
    }

    static func form(_ token: String) -> String {
        "token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token)
    }

    @Test func theAdminTokenOpensASessionThatIsNotTheToken() throws {
        let (server, _) = try tokenServer(admin: true)
        // Not logged in: the form, and nothing else.
        let first = try server.request("GET", "/console/placements/onboarding")
        #expect(first.status == 401 && first.body.contains("name=\"token\"") && first.header("Set-Cookie") == nil)
        #expect(!first.body.contains("data-locale"))
        ConsoleHeaders.expectPresent(on: first, "login")
        // A GET never logs in, whatever it carries; nor does the bearer header a browser cannot send.
        let byGet = try server.request("GET", "/console/login?token=\(Self.adminSecret)")
        #expect(byGet.header("Set-Cookie") == nil)
        let byBearer = try server.request("GET", "/console/", headers: ["Authorization: Bearer \(Self.adminSecret)"])
        #expect(byBearer.status == 401)
        // The wrong token, or none: refused with a message, no cookie.
        for body in [Self.form("app-console-SECRET-77"), Self.form("nope"), "token=", "other=1", "%ZZ"] {
            let refused = try server.request("POST", "/console/login", headers: ["Content-Type: application/x-www-form-urlencoded"], body: body)
            #expect(refused.status == 401, "\(body)")
            #expect(refused.header("Set-Cookie") == nil, "\(body)")
            #expect(refused.body.contains("role=\"alert\""), "\(body)")
            #expect(!refused.body.contains(Self.adminSecret))
        }
        // The right one: a session cookie, HttpOnly and SameSite=Strict, whose value is not the token.
        let loggedIn = try server.request("POST", "/console/login", headers: ["Content-Type: application/x-www-form-urlencoded"],
                                          body: Self.form(Self.adminSecret))
        #expect(loggedIn.status == 303 && loggedIn.header("Location") == "/console/")
        let cookie = try #require(loggedIn.header("Set-Cookie"))
        let attributes = cookie.components(separatedBy: "; ")
        #expect(attributes.contains("HttpOnly") && attributes.contains("SameSite=Strict") && attributes.contains("Path=/console"))
        let pair = try #require(attributes.first)
        #expect(pair.hasPrefix("paywalls_console="))
        let session = String(pair.dropFirst("paywalls_console=".count))
        #expect(session.count == 64 && session != Self.adminSecret && !cookie.contains(Self.adminSecret))
        let inside = try server.request("GET", "/console/placements/onboarding", headers: ["Cookie: other=1; \(pair)"])
        #expect(inside.status == 200 && inside.body.contains("data-locale"))
        // Another session id, or the token as the cookie, opens nothing.
        for forged in ["paywalls_console=\(String(repeating: "0", count: 64))", "paywalls_console=\(Self.adminSecret)"] {
            #expect(try server.request("GET", "/console/", headers: ["Cookie: \(forged)"]).status == 401)
        }
        // A second login is a second session; logging out ends the first only.
        let second = try #require(try server.request("POST", "/console/login", body: Self.form(Self.adminSecret)).header("Set-Cookie"))
        #expect(second.components(separatedBy: "; ").first != pair)
        let out = try server.request("POST", "/console/logout", headers: ["Cookie: \(pair)"])
        #expect(out.status == 303 && out.header("Set-Cookie")?.contains("Max-Age=0") == true)
        #expect(try server.request("GET", "/console/", headers: ["Cookie: \(pair)"]).status == 401)
        #expect(try server.request("GET", "/console/", headers: ["Cookie: \(second.components(separatedBy: "; ")[0])"]).status == 200)
    }

    @Test func withOnlyTheAppTokenTheConsoleIsClosed() throws {
        let (server, _) = try tokenServer(admin: false)
        for (method, target) in [("GET", "/console/"), ("POST", "/console/login"), ("GET", "/console/report")] {
            let response = try server.request(method, target, body: method == "POST" ? Self.form("app-console-SECRET-77") : "")
            #expect(response.status == 403, "\(target)")
            #expect(response.body.contains("--admin-token-file") && response.header("Set-Cookie") == nil, "\(target)")
        }
        // The stylesheet holds nothing of the store: it is served to anyone, so that the login page is styled.
        #expect(try server.request("GET", "/console/console.css").status == 200)
    }
}
