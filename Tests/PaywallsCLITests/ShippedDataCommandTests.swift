import Foundation
import Testing

/// The locale policy and the device-locale list are found from the binary's own location, never from
/// the working directory: beside an installed binary (`<prefix>/share/paywalls/`), else in the checkout
/// it was built in (`locales/`). What the user names comes first: an option, then an environment variable.
@Suite struct ShippedDataCommandTests {
    static let root = URL(fileURLWithPath: "/")
    /// Prints the policy's default locale: `ko` matches none of the availables.
    static let policyDefault = ["locale", "match", "--available", "en,fr,de,ja", "ko"]
    static let triple = "checkout/.build/x86_64-unknown-linux-gnu"

    static func policy(default locale: String) -> String { "version 1\ndefault \(locale)\n" }

    @Test func theCheckoutsDataIsFoundFromAnyFolder() throws {
        // The checkout's policy reads the Windows name zh-CHS as zh-Hans.
        let arguments = ["locale", "match", "--available", "zh,en", "zh-CHS"]
        #expect(try PaywallsProcess.run(arguments, in: Self.root).standardOutput == "zh\n")
        #expect(try PaywallsProcess.run(arguments).standardOutput == "zh\n")

        let store = try TemporaryStore()
        try store.importExport()
        let coverage = try PaywallsProcess.run(["coverage", "--json", "--store", store.path], in: Self.root)
        #expect(coverage.status == 0, "\(coverage.standardError)")
        #expect(try JSONDocument(coverage.standardOutput).count("paywalls/0/deviceLocales") == 40)
    }

    @Test func besideTheBinaryComesBeforeTheCheckout() throws {
        let binary = try RelocatedBinary(at: "\(Self.triple)/debug/paywalls")
        try binary.write("// swift-tools-version:6.0\n", to: "checkout/Package.swift")
        try binary.write(Self.policy(default: "fr"), to: "checkout/locales/policy.txt")
        #expect(try binary.run(Self.policyDefault).standardOutput == "fr\n")
        try binary.write(Self.policy(default: "de"), to: "\(Self.triple)/share/paywalls/policy.txt")
        #expect(try binary.run(Self.policyDefault).standardOutput == "de\n")
    }

    @Test func anOptionComesBeforeTheVariableWhichComesBeforeTheShippedPolicy() throws {
        let binary = try RelocatedBinary()
        try binary.write(Self.policy(default: "de"), to: "usr/share/paywalls/policy.txt")
        let variable = try binary.write(Self.policy(default: "ja"), to: "variable.txt").path
        let option = try binary.write(Self.policy(default: "fr"), to: "option.txt").path
        #expect(try binary.run(Self.policyDefault).standardOutput == "de\n")
        #expect(try binary.run(Self.policyDefault, environment: ["PAYWALLS_LOCALE_POLICY": variable]).standardOutput == "ja\n")
        #expect(try binary.run(["--locale-policy", option] + Self.policyDefault,
                               environment: ["PAYWALLS_LOCALE_POLICY": variable]).standardOutput == "fr\n")
    }

    @Test func withNoPolicyAnywhereMatchingIsPureCLDR() throws {
        let outcome = try RelocatedBinary().run(["locale", "match", "--available", "zh,en", "zh-CHS"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "en\n")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func theVariableComesBeforeTheShippedDeviceLocales() throws {
        let binary = try RelocatedBinary()
        try binary.write("# shipped\nfr-FR\nde-DE  # a comment\n", to: "usr/share/paywalls/device-locales.txt")
        let variable = try binary.write("ja-JP\n", to: "variable.txt").path
        let store = try TemporaryStore()
        try store.importExport()
        let deviceLocales = { (environment: [String: String]) throws -> [String]? in
            let outcome = try binary.run(["coverage", "--json", "--placement", "onboarding", "--store", store.path], environment: environment)
            let report = try JSONDocument(outcome.standardOutput)
            return (0..<(report.count("paywalls/0/deviceLocales") ?? 0)).compactMap { report.string("paywalls/0/deviceLocales/\($0)/locale") }
        }
        #expect(try deviceLocales([:]) == ["fr-FR", "de-DE"])
        #expect(try deviceLocales(["PAYWALLS_DEVICE_LOCALES": variable]) == ["ja-JP"])
    }

    @Test func coverageNamesEveryPlaceItLookedForTheDeviceLocales() throws {
        let installed = try RelocatedBinary()
        let outcome = try installed.run(["coverage", "--store", "/nonexistent"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError == "error: no device locale list: device-locales.txt is not in \(installed.root.path)/usr/share/paywalls, "
                + "and \(installed.root.path)/usr/bin is not inside a paywalls checkout; give --locales L,... or set $PAYWALLS_DEVICE_LOCALES\n")

        let built = try RelocatedBinary(at: "\(Self.triple)/debug/paywalls")
        try built.write("// swift-tools-version:6.0\n", to: "checkout/Package.swift")
        try built.write(Self.policy(default: "en"), to: "checkout/locales/policy.txt")
        let inCheckout = try built.run(["coverage", "--store", "/nonexistent"])
        #expect(inCheckout.status == 66)
        #expect(inCheckout.standardError == "error: no device locale list: device-locales.txt is in neither "
                + "\(built.root.path)/\(Self.triple)/share/paywalls nor \(built.root.path)/checkout/locales; "
                + "give --locales L,... or set $PAYWALLS_DEVICE_LOCALES\n")
    }
}
