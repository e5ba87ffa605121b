// swift-tools-version:6.0
import PackageDescription

// Layering (SPEC §2): CICUBridge is the only code that sees ICU headers; its public header uses plain
// C types, so no Swift module ever imports system ICU next to Foundation's private copy.
let package = Package(
    name: "paywalls",
    products: [
        .executable(name: "paywalls", targets: ["paywalls"]),
        .library(name: "LocaleKit", targets: ["LocaleKit"]),
    ],
    targets: [
        .target(
            name: "CICUBridge",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(name: "LocaleKit", dependencies: ["CICUBridge"]),
        .target(name: "ArgumentKit"),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "COpenSSL", providers: [.apt(["libssl-dev"])]),
        // libcurl's headers (libcurl4-openssl-dev); the library itself is opened when a transfer needs it.
        .target(name: "CCurl"),
        .target(name: "Digests", dependencies: ["COpenSSL"]),
        .target(name: "PaywallModel"),
        .target(name: "PaywallStore", dependencies: ["CSQLite", "Digests", "PaywallModel"]),
        .target(name: "PaywallResolver", dependencies: ["Digests", "LocaleKit", "PaywallModel", "PaywallStore"]),
        .target(name: "PaywallSync", dependencies: ["CCurl", "Digests", "LocaleKit", "PaywallModel", "PaywallStore"]),
        .executableTarget(name: "paywalls", dependencies: ["LocaleKit", "ArgumentKit", "PaywallModel", "PaywallStore", "PaywallResolver", "PaywallSync"]),
        .executableTarget(name: "paywalls-bench", dependencies: ["LocaleKit", "PaywallResolver", "PaywallStore"]),
        .testTarget(name: "LocaleKitTests", dependencies: ["LocaleKit", "FixtureSupport"]),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .target(name: "FixtureSupport", path: "Tests/FixtureSupport"),
        .testTarget(name: "PaywallModelTests", dependencies: ["PaywallModel", "LocaleKit", "FixtureSupport"]),
        .testTarget(name: "PaywallStoreTests", dependencies: ["PaywallStore", "PaywallModel", "LocaleKit"]),
        .testTarget(name: "PaywallResolverTests", dependencies: ["PaywallResolver", "PaywallStore", "PaywallModel", "LocaleKit", "Digests"]),
        .testTarget(name: "PaywallSyncTests", dependencies: ["PaywallSync", "PaywallModel", "PaywallStore", "FixtureSupport"]),
        .testTarget(name: "PaywallsCLITests", dependencies: ["paywalls", "FixtureSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
