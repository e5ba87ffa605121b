import FixtureSupport
import PaywallModel
@testable import PaywallSync
import Testing

@Suite("Sync configuration: valid files")
struct SyncConfigurationValidTests {
    @Test("every field given")
    func fullConfig() throws {
        let config = try parseConfig("""
            {"store": "/var/lib/paywalls", "locale_policy": "/etc/paywalls/policy.txt", "deadline_seconds": 120,
             "comment": "unknown keys are ignored",
             "retry": {"max_attempts": 6, "base_delay_ms": 250, "max_delay_ms": 4000},
             "sources": [
               {"name": "ios", "url": "https://exports.example.com/app/ios.json", "format": "paywall-export",
                "token_env": "PAYWALLS_TOKEN", "token_file": null, "ca_file": "/etc/ssl/private-ca.pem",
                "timeout_seconds": 45, "max_bytes": 1048576, "headers": {"X-Client": "paywalls", "Accept-Language": "en"}},
               {"name": "android.v2_x-1", "url": "https://[2001:db8::1]:8443/a?b=c#d", "format": "adapty-fallback",
                "token_file": "/run/secrets/token", "timeout_seconds": 3600, "max_bytes": 17179869184}
             ]}
            """)
        #expect(config.store == "/var/lib/paywalls")
        #expect(config.localePolicy == "/etc/paywalls/policy.txt")
        #expect(config.deadlineSeconds == 120)
        #expect(config.retry == SyncConfiguration.Retry(maxAttempts: 6, baseDelayMilliseconds: 250, maxDelayMilliseconds: 4000))
        #expect(config.sources.count == 2)
        let ios = config.sources[0]
        #expect(ios.name == "ios")
        let iosURL = try #require(Self.url(of: ios))
        #expect(iosURL.text == "https://exports.example.com/app/ios.json")
        #expect(iosURL.scheme == "https")
        #expect(iosURL.host == "exports.example.com")
        #expect(iosURL.port == nil)
        #expect(!iosURL.isLoopback)
        #expect(ios.format == .paywallExport)
        #expect(ios.token == .environment("PAYWALLS_TOKEN"))
        #expect(ios.caFile == "/etc/ssl/private-ca.pem")
        #expect(ios.timeoutSeconds == 45)
        #expect(ios.maxBytes == 1_048_576)
        #expect(ios.headers == [.init(name: "X-Client", value: "paywalls"), .init(name: "Accept-Language", value: "en")])
        let android = config.sources[1]
        #expect(android.name == "android.v2_x-1")
        #expect(Self.url(of: android)?.host == "2001:db8::1")
        #expect(Self.url(of: android)?.port == 8443)
        #expect(android.format == .adaptyFallback)
        #expect(android.token == .file("/run/secrets/token"))
        #expect(android.caFile == nil)
        #expect(android.timeoutSeconds == 3600)
        #expect(android.maxBytes == 1 << 34)
        #expect(android.headers.isEmpty)
    }

    @Test("defaults when optional fields are absent or null")
    func defaults() throws {
        for text in [oneSource(),
                     #"{"store": null, "locale_policy": null, "deadline_seconds": null, "retry": null, "sources": [{"name": "ios", "url": "https://exports.example.com/app/ios.json", "format": null, "token_env": null, "token_file": null, "ca_file": null, "timeout_seconds": null, "max_bytes": null, "headers": null}]}"#,
                     #"{"retry": {}, "sources": [{"name": "ios", "url": "https://exports.example.com/app/ios.json", "headers": {}}]}"#] {
            let config = try parseConfig(text)
            #expect(config.store == nil)
            #expect(config.localePolicy == nil)
            #expect(config.deadlineSeconds == 300)
            #expect(config.retry == SyncConfiguration.Retry(maxAttempts: 4, baseDelayMilliseconds: 500, maxDelayMilliseconds: 8000))
            let source = try #require(config.sources.first)
            #expect(source.format == .auto)
            #expect(source.token == .none)
            #expect(source.caFile == nil)
            #expect(source.timeoutSeconds == 30)
            #expect(source.maxBytes == 268_435_456)
            #expect(source.headers.isEmpty)
        }
    }

    @Test("relative store, locale_policy, token_file and ca_file resolve against the config's folder")
    func relativePaths() throws {
        let text = #"{"store": "../.paywalls", "locale_policy": "policy.txt", "sources": [{"name": "ios", "url": "https://h.example/x", "token_file": "secrets/token", "ca_file": "ca.pem"}, {"name": "android", "url": "https://h.example/y", "token_file": "/abs/token"}]}"#
        let config = try parseConfig(text, directory: "/srv/app/sync-config")
        #expect(config.store == "/srv/app/sync-config/../.paywalls")
        #expect(config.localePolicy == "/srv/app/sync-config/policy.txt")
        #expect(config.sources[0].token == .file("/srv/app/sync-config/secrets/token"))
        #expect(config.sources[0].caFile == "/srv/app/sync-config/ca.pem")
        #expect(config.sources[1].token == .file("/abs/token"))
        let trailing = try parseConfig(text, directory: "/srv/app/sync-config/")
        #expect(trailing.store == "/srv/app/sync-config/../.paywalls")
        let relative = try parseConfig(text, directory: "sync-config")
        #expect(relative.store == "sync-config/../.paywalls")
    }

    @Test("http:// to a loopback host is allowed only with allowInsecureLoopback",
          arguments: ["http://127.0.0.1:8080/export.json", "http://127.3.4.5/x", "http://localhost:9/x", "http://LOCALHOST/x",
                      "http://[::1]:8443/x", "http://[0:0:0:0:0:0:0:1]/x"])
    func insecureLoopback(url: String) throws {
        let config = try parseConfig(oneSource(url: url), allowInsecureLoopback: true)
        #expect(Self.url(of: config.sources[0])?.isLoopback == true)
        #expect(Self.url(of: config.sources[0])?.scheme == "http")
        #expect(configProblems(oneSource(url: url)) == ["/sources/0/url: \(SourceURL.insecureReason)"])
    }

    static let repository = Repository.root.path

    /// The source's `url`, when it names one.
    static func url(of source: SyncConfiguration.Source) -> SourceURL? {
        if case let .url(url) = source.origin { return url }
        return nil
    }

    @Test("the example config in sync-config/ is valid")
    func exampleConfig() throws {
        let directory = Self.repository + "/sync-config"
        let config = try readExample(directory + "/paywalls.json", directory: directory)
        #expect(config.store == directory + "/../.paywalls")
        #expect(config.sources.map(\.name) == ["ios", "android"])
        #expect(config.sources.allSatisfy { $0.token == .environment("PAYWALLS_TOKEN") })
    }

    @Test("the example of adapty sources in sync-config/ is valid")
    func adaptyExample() throws {
        let directory = Self.repository + "/sync-config"
        let config = try readExample(directory + "/adapty.json", directory: directory)
        #expect(config.sources.map(\.name) == ["ios", "android"])
        #expect(config.sources.allSatisfy { $0.token == .environment("ADAPTY_TOKEN") })
        #expect(config.sources.map(\.origin.description) == ["adapty app 3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7 (iOS, SDK 3.15.0)",
                                                            "adapty app 3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7 (Android, SDK 3.15.0)"])
    }

    @Test("the Debian package's /etc/paywalls/sync.json (scripts/deploy/sync.json) is valid")
    func packagedConfig() throws {
        let config = try readExample(Self.repository + "/scripts/deploy/sync.json", directory: "/etc/paywalls")
        #expect(config.store == "/var/lib/paywalls")
        #expect(config.sources.map(\.name) == ["ios", "android"])
        #expect(config.sources.allSatisfy { $0.token == .file("/etc/paywalls/token") })
    }

    /// The config at `path`, read as if it were in `directory`.
    private func readExample(_ path: String, directory: String) throws -> SyncConfiguration {
        let bytes = try #require(readTestFile(path), "cannot read \(path)")
        return try bytes.withUnsafeBytes { buffer in
            Result { () throws(SyncConfigurationError) in
                try SyncConfiguration(parsing: buffer, directory: directory, allowInsecureLoopback: false)
            }
        }.get()
    }
}

@Suite("Sync configuration: invalid files name the field")
struct SyncConfigurationInvalidTests {
    static let insecure = "plain http:// is refused (use https://; http is allowed only to loopback with --allow-insecure-loopback)"

    static let cases: [(String, Bool, [String])] = [
        // URLs
        (oneSource(url: "http://exports.example.com/app/ios.json"), false, ["/sources/0/url: \(insecure)"]),
        (oneSource(url: "http://exports.example.com/app/ios.json"), true, ["/sources/0/url: \(insecure)"]),
        (oneSource(url: "http://127.0.0.1:8080/ios.json"), false, ["/sources/0/url: \(insecure)"]),
        (oneSource(url: "http://10.0.0.1/ios.json"), true, ["/sources/0/url: \(insecure)"]),
        (oneSource(url: "http://[::2]/ios.json"), true, ["/sources/0/url: \(insecure)"]),
        (oneSource(url: "https://user:pass@exports.example.com/ios.json"), false,
         ["/sources/0/url: user info (user:password@) is refused in a URL; put the token in token_env or token_file"]),
        (oneSource(url: "https:///ios.json"), false, ["/sources/0/url: has no host"]),
        (oneSource(url: "https://:443/ios.json"), false, ["/sources/0/url: has no host"]),
        (oneSource(url: "ftp://exports.example.com/ios.json"), false, ["/sources/0/url: unsupported scheme \"ftp\" (use https://)"]),
        (oneSource(url: "exports.example.com/ios.json"), false, ["/sources/0/url: not an absolute URL (expected https://host/path)"]),
        (oneSource(url: "https://exports.example.com/a b"), false,
         ["/sources/0/url: contains a space, a control character or a non-ASCII character (percent-encode it)"]),
        (oneSource(url: "https://exports.example.com:99999/x"), false, ["/sources/0/url: invalid port \"99999\" (1-65535)"]),
        (oneSource(url: "https://exports%2Eexample.com/x"), false,
         ["/sources/0/url: invalid host \"exports%2Eexample.com\" (letters, digits, '-', '.' and '_', or an IP address)"]),
        (oneSource(url: "https://[::1/x"), false, ["/sources/0/url: unterminated IPv6 address in the host"]),
        // Names
        (#"{"sources": [{"name": "ios", "url": "https://a.example/1"}, {"name": "ios", "url": "https://a.example/2"}]}"#, false,
         ["/sources/1/name: duplicate source name \"ios\" (also at /sources/0/name)"]),
        (#"{"sources": [{"name": "ios app", "url": "https://a.example/1"}, {"name": "../x", "url": "https://a.example/2"}, {"name": "", "url": "https://a.example/3"}]}"#, false,
         ["/sources/0/name: a source name is 1-64 characters of A-Z, a-z, 0-9, '.', '_' and '-'",
          "/sources/1/name: a source name is 1-64 characters of A-Z, a-z, 0-9, '.', '_' and '-'",
          "/sources/2/name: a source name is 1-64 characters of A-Z, a-z, 0-9, '.', '_' and '-'"]),
        (#"{"sources": [{"name": "\#(String(repeating: "a", count: 65))", "url": "https://a.example/1"}, {"name": "..", "url": "https://a.example/2"}]}"#, false,
         ["/sources/0/name: a source name is 1-64 characters of A-Z, a-z, 0-9, '.', '_' and '-'",
          "/sources/1/name: a source name may not be \".\" or \"..\""]),
        (#"{"sources": [{"url": "https://a.example/1"}, {"name": 7, "url": null}]}"#, false,
         ["/sources/0/name: required", "/sources/1/name: expected a string, found a number", "/sources/1/url: required (or name the vendor's app in adapty)"]),
        // Tokens
        (oneSource(#""token_env": "PAYWALLS_TOKEN", "token_file": "token.txt""#), false,
         ["/sources/0/token_file: give at most one of token_env and token_file"]),
        (oneSource(#""token_env": "1TOKEN""#), false,
         ["/sources/0/token_env: not an environment variable name (letters, digits and _, not starting with a digit)"]),
        (oneSource(#""token_file": """#), false, ["/sources/0/token_file: must not be empty"]),
        // Headers
        (oneSource(#""headers": {"Authorization": "Bearer x"}"#), false,
         ["/sources/0/headers/Authorization: Authorization may not be set in headers (the token from token_env or token_file is sent as Authorization: Bearer)"]),
        (oneSource(#""headers": {"authorization": "Basic x"}"#), false,
         ["/sources/0/headers/authorization: Authorization may not be set in headers (the token from token_env or token_file is sent as Authorization: Bearer)"]),
        (oneSource(#""headers": {"X-A": "a\r\nX-Injected: 1", "X-B": "b\n"}"#), false,
         ["/sources/0/headers/X-A: header value contains CR, LF or NUL", "/sources/0/headers/X-B: header value contains CR, LF or NUL"]),
        (oneSource(#""headers": {"X-A:": "a", "X B": "b", "X-C\r\n": "c", "": "d"}"#), false,
         ["/sources/0/headers/X-A:: not a valid header name (letters, digits and !#$%&'*+-.^_`|~; no spaces, colons, CR or LF)",
          "/sources/0/headers/X B: not a valid header name (letters, digits and !#$%&'*+-.^_`|~; no spaces, colons, CR or LF)",
          "/sources/0/headers/X-C\r\n: not a valid header name (letters, digits and !#$%&'*+-.^_`|~; no spaces, colons, CR or LF)",
          "/sources/0/headers/: not a valid header name (letters, digits and !#$%&'*+-.^_`|~; no spaces, colons, CR or LF)"]),
        (oneSource(#""headers": {"X-Client": 1, "x-client": "b", "X-Client": "c"}"#), false,
         ["/sources/0/headers/X-Client: appears more than once in its object",
          "/sources/0/headers/X-Client: expected a string, found a number",
          "/sources/0/headers/x-client: duplicate header (also given as \"X-Client\"; names are case-insensitive)"]),
        (oneSource(#""headers": ["X-Client: a"]"#), false, ["/sources/0/headers: expected an object, found an array"]),
        // Numbers
        (#"{"deadline_seconds": 0, "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false,
         ["/deadline_seconds: 0 is out of range 1...86400"]),
        (#"{"deadline_seconds": 86401, "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false,
         ["/deadline_seconds: 86401 is out of range 1...86400"]),
        (#"{"deadline_seconds": "300", "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false,
         ["/deadline_seconds: expected an integer, found a string"]),
        (#"{"deadline_seconds": 30.5, "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false,
         ["/deadline_seconds: expected an integer, found 30.5"]),
        (#"{"retry": {"max_attempts": 21, "base_delay_ms": 0, "max_delay_ms": 600001}, "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false,
         ["/retry/max_attempts: 21 is out of range 1...20", "/retry/base_delay_ms: 0 is out of range 1...60000",
          "/retry/max_delay_ms: 600001 is out of range 1...600000"]),
        (#"{"retry": {"base_delay_ms": 9000, "max_delay_ms": 8000}, "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false,
         ["/retry/max_delay_ms: 8000 is less than base_delay_ms (9000)"]),
        (#"{"retry": [], "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false, ["/retry: expected an object, found an array"]),
        (oneSource(#""timeout_seconds": 0, "max_bytes": 17179869185"#), false,
         ["/sources/0/timeout_seconds: 0 is out of range 1...3600", "/sources/0/max_bytes: 17179869185 is out of range 1...17179869184"]),
        (oneSource(#""timeout_seconds": 3601, "max_bytes": 99999999999999999999999"#), false,
         ["/sources/0/timeout_seconds: 3601 is out of range 1...3600",
          "/sources/0/max_bytes: 99999999999999999999999 is out of range 1...17179869184"]),
        (oneSource(#""max_bytes": -1"#), false, ["/sources/0/max_bytes: -1 is out of range 1...17179869184"]),
        // Format
        (oneSource(#""format": "csv""#), false,
         [#"/sources/0/format: unknown format "csv" (expected one of "auto", "paywall-export", "adapty-fallback")"#]),
        // Shape
        (#"{"sources": []}"#, false, ["/sources: at least one source is required"]),
        (#"{"store": "../.paywalls"}"#, false, ["/sources: required"]),
        (#"{"sources": {"name": "ios"}}"#, false, ["/sources: expected an array, found an object"]),
        (#"{"sources": ["https://a.example/1"]}"#, false, ["/sources/0: expected an object, found a string"]),
        (#"[]"#, false, ["/: expected an object, found an array"]),
        (#"{"store": 5, "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false, ["/store: expected a string, found a number"]),
        (#"{"locale_policy": "", "sources": [{"name": "ios", "url": "https://a.example/1"}]}"#, false, ["/locale_policy: must not be empty"]),
    ]

    @Test("each problem at its pointer", arguments: cases.indices)
    func invalid(index: Int) {
        let (text, allow, expected) = Self.cases[index]
        #expect(configProblems(text, allowInsecureLoopback: allow) == expected, "case \(index): \(text)")
    }

    @Test("not JSON")
    func notJSON() {
        for text in ["", "{", #"{"sources": [}"#, "store = ../.paywalls"] {
            let problems = configProblems(text)
            #expect(problems.count == 1)
            #expect(problems.first?.hasPrefix("/: not valid JSON: line 1, column ") == true, "\(problems)")
        }
    }

    @Test("all problems are collected in one error, and the error reads well")
    func collected() {
        let text = #"{"deadline_seconds": 0, "sources": [{"name": "ios", "url": "http://a.example/1", "format": "xml"}, {"name": "ios", "url": "https://u@a.example/2", "token_env": "A", "token_file": "b"}]}"#
        do {
            _ = try parseConfig(text)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.map(\.pointer.description) == ["/deadline_seconds", "/sources/0/url", "/sources/0/format",
                                                                "/sources/1/name", "/sources/1/url", "/sources/1/token_file"])
            #expect(!error.truncated)
            #expect(error.description.hasPrefix("invalid sync configuration (6 problems):\n  /deadline_seconds: 0 is out of range"))
        }
    }

    @Test("a huge config lists at most 50 problems")
    func truncated() {
        let sources = (0..<80).map { #"{"name": "s\#($0)", "url": "http://a.example/\#($0)"}"# }.joined(separator: ",")
        do {
            _ = try parseConfig(#"{"sources": [\#(sources)]}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.issues.count == 50)
            #expect(error.truncated)
            #expect(error.description.hasPrefix("invalid sync configuration (more than 50 problems):"))
        }
    }
}
