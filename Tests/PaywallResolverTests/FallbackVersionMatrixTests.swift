import FixtureSupport
import Foundation
import PaywallModel
import PaywallResolver
import Testing

/// Every export of the repository written in every format version, each file read back by the
/// importer, which reads as strictly as the vendor's SDKs of that version (`VendorRequiredKeysTests`):
/// what the version holds comes back, as the export has it.
@Suite struct FallbackVersionMatrixTests {
    struct Case: CustomStringConvertible, Sendable {
        let path: String
        let version: Int
        var description: String { "\(path) in format \(version)" }
    }

    static let sources = ["sync-config/sample-export.json", "sync-config/sample-adapty-fallback-v9.json",
                          "Tests/Fixtures/adapty-fallback/format-8.json", "Tests/Fixtures/adapty-fallback/vendor-ios-v8.json",
                          "Tests/Fixtures/adapty-fallback/format-10.json", "Tests/Fixtures/adapty-fallback/format-11.json",
                          "Tests/Fixtures/adapty-fallback/format-11-flow-versions.json"]

    static let cases = sources.flatMap { path in (8...11).map { Case(path: path, version: $0) } }

    /// The placements a version holds.
    static func held(_ export: PaywallExport, version: Int) -> [Placement] {
        export.placements.filter { placement in
            switch placement.kind {
            case .paywall: return version <= 9
            case .onboarding: return true
            case .flow: return version >= 10
            }
        }
    }

    /// A flow's layouts as a version names them: format 10 keeps one, under the flow's version id; a
    /// format-10 flow in format 11 has that one layout, of the same name.
    static func layoutIDs(of flow: Flow, version: Int) -> [String] {
        guard let versionID = flow.versionID, !flow.layouts.isEmpty else { return flow.layouts.map(\.id) }
        return version < 11 || flow.grids == nil ? [versionID] : flow.layouts.map(\.id)
    }

    @Test(arguments: cases)
    func everyFileReadsBackWithWhatTheVersionHolds(_ testCase: Case) throws {
        let export = try FallbackFileSetTests.decode(path: testCase.path)
        let held = Self.held(export, version: testCase.version).filter { $0.audiences.contains(where: \.isDefault) }
        guard !held.isEmpty else {
            #expect(throws: FallbackFileSet.BuildError.self) {
                try FallbackFileSet(export: export, snapshotKey: "s", version: testCase.version, deviceLocales: [])
            }
            return
        }
        let set = try FallbackFileSet(export: export, snapshotKey: "s", version: testCase.version,
                                      locales: ["en", "pt-BR", "de", "ar", "zh-TW", "ja"], deviceLocales: [])
        let kinds = Set(held.map(\.kind))
        for file in set.files {
            let back = try FallbackFileSetTests.decode(text: file.contents)
            #expect(back.format == .adaptyFallback(version: testCase.version), "\(file.name)")
            #expect(back.placements.map(\.id) == held.map(\.id), "\(file.name)")
            #expect(back.placements.map { $0.audiences.flatMap(\.variations).map(\.variationID) }
                == held.map { $0.audiences.filter(\.isDefault).flatMap(\.variations).map(\.variationID) }, "\(file.name)")
            if kinds.contains(.onboarding) { #expect(back.onboardings == export.onboardings, "\(file.name)") }
            if kinds.contains(.paywall) { #expect(back.paywalls.map(\.id) == export.paywalls.map(\.id), "\(file.name)") }
            if kinds.contains(.flow) {
                #expect(back.flows.map(\.id) == export.flows.map(\.id), "\(file.name)")
                #expect(back.flows.map(\.paywalls) == export.flows.map(\.paywalls), "\(file.name)")
                #expect(back.flows.map { $0.layouts.map(\.id) } == export.flows.map { Self.layoutIDs(of: $0, version: testCase.version) },
                        "\(file.name)")
            }
            // The products a vendor file names come back with everything it said of them.
            if case .adaptyFallback = export.format, kinds != [.onboarding] {
                let details = Dictionary(export.products, firstBy: \.key).mapValues(\.vendorDetails)
                for product in back.products {
                    var expected = details[product.key] ?? nil
                    if testCase.version >= 9, expected?.productType == nil { expected?.productType = "uncategorised" }
                    #expect(product.vendorDetails == expected, "\(product.key) in \(file.name)")
                }
            }
        }
    }
}
