@testable import PaywallSync
import Testing

/// `adapty` sources in the sync config: an app of the vendor's dashboard, whose fallback file the admin
/// API builds for a platform and SDK version; and the request a sync of one makes.
@Suite struct AdaptySourceConfigurationTests {
    static func adaptySource(_ members: String, extra: String = "") -> String {
        #"{"sources": [{"name": "ios", "adapty": {\#(members)}\#(extra.isEmpty ? "" : ", " + extra)}]}"#
    }

    static let app = #""app_id": "3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7", "platform": "ios", "sdk_version": "3.15.0""#

    static func vendorApp(_ text: String) throws -> AdaptyApp {
        let source = try #require(try parseConfig(text).sources.first)
        guard case let .adapty(app) = source.origin else { throw CancellationError() }
        return app
    }

    @Test func anAppIsReadWithItsTokenFromADAPTY_TOKEN() throws {
        let config = try parseConfig(Self.adaptySource(Self.app))
        let source = try #require(config.sources.first)
        let app = try Self.vendorApp(Self.adaptySource(Self.app))
        #expect(app.appID == "3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7")
        #expect(app.platform == .ios)
        #expect(app.sdkVersion == "3.15.0")
        #expect(app.formatVersion == 9)
        #expect(source.token == .environment("ADAPTY_TOKEN"))
        #expect(source.format == .auto)
        #expect(source.origin.description == "adapty app 3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7 (iOS, SDK 3.15.0)")
    }

    /// The vendor's bands: 3.8-3.11 read format 8, later 3.x 9, 4.0 10, 4.1 and later 11.
    @Test(arguments: [("3.8.0", 8), ("3.11.4", 8), ("3.12.0", 9), ("3.17.2", 9), ("3.99.0", 9), ("4.0.0", 10), ("4.0.7", 10),
                      ("4.1.0", 11), ("4.3.2", 11)])
    func theSDKVersionNamesTheFormat(_ version: String, _ format: Int) throws {
        let app = try Self.vendorApp(Self.adaptySource(#""app_id": "a1", "platform": "android", "sdk_version": "\#(version)""#))
        #expect(app.formatVersion == format)
        #expect(app.platform == .android)
    }

    @Test func aTokenFileOrVariableOfItsOwnIsKept() throws {
        let file = try #require(try parseConfig(Self.adaptySource(Self.app, extra: #""token_file": "secrets/adapty""#)).sources.first)
        #expect(file.token == .file("/etc/paywalls/secrets/adapty"))
        let variable = try #require(try parseConfig(Self.adaptySource(Self.app, extra: #""token_env": "LUMEN_ADAPTY""#)).sources.first)
        #expect(variable.token == .environment("LUMEN_ADAPTY"))
    }

    static let cases: [(String, [String])] = [
        (adaptySource(#""app_id": "../etc", "platform": "ios", "sdk_version": "3.15.0""#),
         ["/sources/0/adapty/app_id: an app id is 1-128 letters, digits, '-' and '_'"]),
        (adaptySource(#""app_id": "a b", "platform": "ios", "sdk_version": "3.15.0""#),
         ["/sources/0/adapty/app_id: an app id is 1-128 letters, digits, '-' and '_'"]),
        (adaptySource(#""app_id": "a1", "platform": "web", "sdk_version": "3.15.0""#),
         [#"/sources/0/adapty/platform: unknown platform "web" (expected "ios" or "android")"#]),
        (adaptySource(#""app_id": "a1", "platform": "ios", "sdk_version": "3.15""#),
         ["/sources/0/adapty/sdk_version: not an SDK version X.Y.Z (such as 3.15.0)"]),
        (adaptySource(#""app_id": "a1", "platform": "ios", "sdk_version": "v3.15.0""#),
         ["/sources/0/adapty/sdk_version: not an SDK version X.Y.Z (such as 3.15.0)"]),
        (adaptySource(#""app_id": "a1", "platform": "ios", "sdk_version": "2.11.3""#),
         ["/sources/0/adapty/sdk_version: SDK 2.11.3 reads no fallback format this build reads (8 to 11, SDK 3.8 and later)"]),
        (adaptySource(#""app_id": "a1", "platform": "ios", "sdk_version": "3.7.1""#),
         ["/sources/0/adapty/sdk_version: SDK 3.7.1 reads no fallback format this build reads (8 to 11, SDK 3.8 and later)"]),
        (adaptySource(""), ["/sources/0/adapty/app_id: required", "/sources/0/adapty/platform: required", "/sources/0/adapty/sdk_version: required"]),
        (adaptySource(#""app_id": "a1", "platform": "ios", "sdk_version": "3.15.0", "api_url": "http://admin.example/api""#),
         ["/sources/0/adapty/api_url: plain http:// is refused (use https://; http is allowed only to loopback with --allow-insecure-loopback)"]),
        (adaptySource(app, extra: #""url": "https://exports.example.com/ios.json""#), ["/sources/0/adapty: give either url or adapty, not both"]),
        (adaptySource(app, extra: #""format": "paywall-export""#),
         [#"/sources/0/format: an adapty source serves the vendor's fallback files ("auto" or "adapty-fallback")"#]),
        (#"{"sources": [{"name": "ios"}]}"#, ["/sources/0/url: required (or name the vendor's app in adapty)"]),
        (#"{"sources": [{"name": "ios", "adapty": "3f1c"}]}"#, ["/sources/0/adapty: expected an object, found a string"]),
    ]

    @Test("each problem at its pointer", arguments: cases.indices)
    func invalid(index: Int) {
        let (text, expected) = Self.cases[index]
        #expect(configProblems(text) == expected, "case \(index): \(text)")
    }

    /// The route the vendor's CLI asks for: the config's `api_url`, else `$ADAPTY_API_URL`, else the vendor's.
    @Test func theRequestIsTheVendorsRoute() throws {
        let source = try #require(try parseConfig(Self.adaptySource(Self.app)).sources.first)
        let route = "/apps/3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7/fallbacks/?platform=iOS&sdk_version=3.15.0"
        #expect(try source.requestURL(environment: { _ in nil }) == "https://api-admin.adapty.io/api/v1/developer" + route)
        #expect(try source.requestURL(environment: { $0 == "ADAPTY_API_URL" ? "https://127.0.0.1:8443/api/v1/developer/" : nil })
            == "https://127.0.0.1:8443/api/v1/developer" + route)
        let configured = try #require(try parseConfig(Self.adaptySource(Self.app + #", "api_url": "https://admin.example/v1""#)).sources.first)
        #expect(try configured.requestURL(environment: { _ in "https://ignored.example" }) == "https://admin.example/v1" + route)
        let android = try #require(try parseConfig(Self.adaptySource(#""app_id": "a_1", "platform": "android", "sdk_version": "4.1.0""#)).sources.first)
        #expect(try android.requestURL(environment: { _ in nil })
            == "https://api-admin.adapty.io/api/v1/developer/apps/a_1/fallbacks/?platform=Android&sdk_version=4.1.0")
    }

    @Test func anAPIAddressInTheEnvironmentThatSyncRefusesIsAConfigurationProblem() throws {
        let source = try #require(try parseConfig(Self.adaptySource(Self.app)).sources.first)
        #expect(throws: TokenError(source: "ios", reason: "environment variable ADAPTY_API_URL: " + SourceURL.insecureReason)) {
            try source.requestURL(environment: { _ in "http://admin.example/api" })
        }
        #expect(try source.requestURL(environment: { _ in "http://127.0.0.1:9/api" }, allowInsecureLoopback: true)
            .hasPrefix("http://127.0.0.1:9/api/apps/"))
    }
}
