// swift-tools-version:6.0
import PackageDescription

// Coverage-guided fuzz targets, one per reader of outside bytes (docs/testing.md, Fuzzing): a package of its own, so
// that the product's `swift build` and `swift test` never see the sanitizer flags. scripts/fuzz builds them with
// `swift build -c debug -Xswiftc -sanitize=fuzzer,address` and runs them. A debug build compiles the product's
// modules for testing, which lets a target drive a reader internal to its module (`@testable import`), as the
// test suites do.
let paywalls = "paywalls"

func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: paywalls) })
}

let package = Package(
    name: "FuzzTesting",
    dependencies: [.package(name: paywalls, path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        fuzzTarget("FuzzJSON", ["PaywallModel", "PaywallSync"]),
        fuzzTarget("FuzzEvents", ["PaywallEvents", "PaywallModel", "PaywallStore"]),
        fuzzTarget("FuzzImport", ["LocaleKit", "PaywallModel", "PaywallStore", "PaywallSync"]),
        fuzzTarget("FuzzHTTP", ["HTTPServer", "LocaleKit", "PaywallEvents", "PaywallModel", "PaywallServer", "PaywallStore", "PaywallSync"]),
        fuzzTarget("FuzzLocale", ["LocaleKit"]),
        fuzzTarget("FuzzSyncConfig", ["PaywallSync"]),
    ]
)
