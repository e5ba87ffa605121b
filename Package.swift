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
        .target(name: "PaywallModel"),
        .executableTarget(name: "paywalls", dependencies: ["LocaleKit", "ArgumentKit", "PaywallModel"]),
        .testTarget(name: "LocaleKitTests", dependencies: ["LocaleKit"]),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .testTarget(name: "PaywallModelTests", dependencies: ["PaywallModel", "LocaleKit"]),
        .testTarget(name: "PaywallsCLITests", dependencies: ["paywalls"]),
    ],
    cxxLanguageStandard: .cxx17
)
