// swift-tools-version:6.0
import PackageDescription

// Layering (docs/architecture.md): CICUBridge is the only code that sees ICU headers; its public header uses plain
// C types, so no Swift module ever imports system ICU next to Foundation's private copy.
let package = Package(
    name: "paywalls",
    products: [
        .executable(name: "paywalls", targets: ["paywalls"]),
        .library(name: "LocaleKit", targets: ["LocaleKit"]),
        // The readers of outside bytes, for the fuzz targets of FuzzTesting/ (a package of its own, built only by
        // scripts/fuzz with the sanitizers).
        .library(name: "PaywallModel", targets: ["PaywallModel"]),
        .library(name: "PaywallStore", targets: ["PaywallStore"]),
        .library(name: "PaywallEvents", targets: ["PaywallEvents"]),
        .library(name: "PaywallSync", targets: ["PaywallSync"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "PaywallServer", targets: ["PaywallServer"]),
    ],
    targets: [
        .target(
            name: "CICUBridge",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(name: "LocaleKit", dependencies: ["Basics", "CICUBridge"]),
        .target(name: "Suggestions"),
        // The math of `paywalls report`: Beta posteriors of conversion rates, chance to be best, sample ratio mismatch.
        .target(name: "ExperimentStatistics"),
        // What every layer needs of the system and has one way of doing: writing all of a buffer, sizes in messages.
        .target(name: "Basics"),
        .target(name: "ArgumentKit", dependencies: ["Basics", "Suggestions"]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
        // epoll, eventfd and accept4 (Linux's own headers), for serve's event loops.
        .systemLibrary(name: "CLinuxEvents"),
        // libcurl's headers (libcurl4-openssl-dev); the library itself is opened when a transfer needs it.
        .target(name: "CCurl"),
        // zlib's headers (zlib1g-dev); the library itself is opened when serve first gzips an answer.
        .target(name: "CZlib"),
        // libpq's headers (libpq-dev); the library itself is opened when events first go to PostgreSQL (--events-url).
        .target(name: "CPostgres"),
        .target(name: "Digests", dependencies: ["COpenSSL"]),
        .target(name: "PaywallModel"),
        .target(name: "PaywallStore", dependencies: ["Basics", "CSQLite", "Digests", "PaywallModel"]),
        .target(name: "PaywallResolver", dependencies: ["Basics", "Digests", "LocaleKit", "PaywallModel", "PaywallStore", "Suggestions"]),
        // Paywall and flow events: read from batches, kept in events.sqlite beside the snapshots or in PostgreSQL.
        .target(name: "PaywallEvents", dependencies: ["CPostgres", "ExperimentStatistics", "PaywallModel", "PaywallStore"]),
        .target(name: "PaywallSync", dependencies: ["Basics", "CCurl", "Digests", "LocaleKit", "PaywallModel", "PaywallStore"]),
        // The HTTP/1.1 engine: event loops, the strict reading of requests, the writing of answers, gzip. It knows
        // nothing of the product: it refuses with `HTTPError`, and its responder says what that answers.
        // Release builds of it and of PaywallServer drop the run-time exclusivity checks of serve's per-request paths
        // (an eighth of a /healthz answer's instructions); debug builds, which every test runs, keep them.
        .target(name: "HTTPServer", dependencies: ["Basics", "CLinuxEvents", "CZlib"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The console's HTML: pages made from the resolver's bundles and the report, escaped by construction.
        .target(name: "PaywallConsole", dependencies: ["LocaleKit", "PaywallModel", "PaywallResolver", "PaywallStore"]),
        // docs/openapi.json is built into it (GET /v1/openapi.json) by the EmbedOpenAPIDocument plugin.
        .target(name: "PaywallServer", dependencies: ["Basics", "Digests", "HTTPServer", "LocaleKit", "PaywallConsole", "PaywallEvents", "PaywallModel", "PaywallResolver", "PaywallStore", "PaywallSync", "Suggestions"],
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))],
                plugins: ["EmbedOpenAPIDocument"]),
        .plugin(name: "EmbedOpenAPIDocument", capability: .buildTool()),
        .executableTarget(name: "paywalls", dependencies: ["Basics", "LocaleKit", "ArgumentKit", "PaywallModel", "PaywallStore", "PaywallEvents", "PaywallResolver", "PaywallSync",
                                                           "HTTPServer", "PaywallServer", "Suggestions"]),
        .executableTarget(name: "paywalls-bench", dependencies: ["LocaleKit", "PaywallResolver", "PaywallStore"]),
        .testTarget(name: "LocaleKitTests", dependencies: ["LocaleKit", "FixtureSupport", "locale-sweep"]),
        // Runs the locale engine on each input in a fresh process, for the no-hang sweep of LocaleKitTests.
        .executableTarget(name: "locale-sweep", dependencies: ["LocaleKit"], path: "Tests/LocaleSweep"),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit", "Basics"]),
        .testTarget(name: "SuggestionsTests", dependencies: ["Suggestions"]),
        .testTarget(name: "ExperimentStatisticsTests", dependencies: ["ExperimentStatistics"]),
        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .target(name: "FixtureSupport", path: "Tests/FixtureSupport"),
        .testTarget(name: "PaywallModelTests", dependencies: ["PaywallModel", "LocaleKit", "FixtureSupport"]),
        .testTarget(name: "PaywallStoreTests", dependencies: ["PaywallStore", "PaywallModel", "LocaleKit", "FixtureSupport", "CSQLite"]),
        .testTarget(name: "PaywallResolverTests", dependencies: ["PaywallResolver", "PaywallStore", "PaywallSync", "PaywallModel", "LocaleKit", "Digests", "FixtureSupport"]),
        .testTarget(name: "PaywallEventsTests", dependencies: ["PaywallEvents", "PaywallModel", "PaywallStore", "FixtureSupport"]),
        .testTarget(name: "PaywallSyncTests", dependencies: ["PaywallSync", "PaywallModel", "PaywallStore", "Digests", "FixtureSupport"]),
        // The engine's own tests: no product module, only the bytes a client sends.
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "FixtureSupport"]),
        .testTarget(name: "PaywallServerTests", dependencies: ["HTTPServer", "PaywallServer", "PaywallEvents", "PaywallStore", "PaywallModel", "PaywallSync", "LocaleKit", "FixtureSupport"]),
        .testTarget(name: "PaywallsCLITests", dependencies: ["paywalls", "ArgumentKit", "FixtureSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
