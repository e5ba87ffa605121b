import FixtureSupport
import Foundation
import Testing

/// The CLI and the service keep one bundle shape: every bundle `paywalls resolve` prints, for every placement of every
/// fixture (paywalls, onboardings and flows, from both export formats and every vendor format version), in several
/// locales, is valid against docs/openapi.json's `Bundle` schema by Python's `jsonschema` (draft 2020-12).
@Suite("resolve's output against the OpenAPI bundle schema")
struct ResolveBundleSchemaTests {
    static let fixtures = ["sync-config/sample-export.json", "Tests/Fixtures/minimal-export.json"]
        + ["format-8", "format-10", "format-11", "format-11-flow-versions", "format-11-unshown-layouts", "vendor-ios-v8"]
        .map { "Tests/Fixtures/adapty-fallback/\($0).json" }

    /// Validates each line of its second argument (a JSON bundle) against `#/components/schemas/Bundle` of the
    /// document named by its first; prints `ok KIND` or `invalid LINE: POINTER: ERROR` for each (the error that explains it best).
    static let validator = """
        import json, sys
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import best_match
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
        document = json.load(open(sys.argv[1]))
        registry = Registry().with_resource("urn:paywalls:openapi", Resource.from_contents(document, default_specification=DRAFT202012))
        validator = Draft202012Validator({"$ref": "urn:paywalls:openapi#/components/schemas/Bundle"}, registry=registry)
        for number, line in enumerate(open(sys.argv[2]), 1):
            bundle = json.loads(line)
            error = best_match(validator.iter_errors(bundle))
            print(f"invalid {number}: /{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}" if error else f"ok {bundle['kind']}")
        """

    @Test func everyResolvedBundleMatchesTheSchema() throws {
        let store = try TemporaryStore()
        for (number, fixture) in Self.fixtures.enumerated() {
            try store.importExport(Repository.file(fixture).path, source: "fixture\(number)")
        }
        let placements = try Self.placements(in: store)
        try #require(placements.count >= 15)
        var bundles: [String] = []
        for placement in placements {
            for locale in ["en", "de-AT", "ar", "zh-Hant-TW"] {
                let outcome = try store.run(["resolve", "--placement", placement.id, "--source", placement.source, "--locale", locale])
                // A placement with no variation (a vendor file may keep one) resolves to nothing: exit 66.
                guard outcome.status != 66 else { continue }
                try #require(outcome.status == 0, "\(placement) \(locale): \(outcome.standardError)")
                let compact = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)))
                bundles.append(String(decoding: compact, as: UTF8.self))
            }
        }
        let verdicts = try Self.validate(bundles, in: store)
        #expect(verdicts.count == bundles.count)
        #expect(verdicts.filter { !$0.hasPrefix("ok ") }.isEmpty, "\(verdicts.filter { !$0.hasPrefix("ok ") })")
        #expect(Set(verdicts.map { $0.dropFirst(3) }) == ["paywall", "onboarding", "flow"])

        // The validator is no rubber stamp: a bundle without its snapshot, or of no kind, is refused.
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(bundles[0].utf8)) as? [String: Any])
        var unsnapped = bundle
        unsnapped["snapshot"] = nil
        var kindless = bundle
        kindless["kind"] = "banner"
        let broken = try [unsnapped, kindless].map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        #expect(try Self.validate(broken, in: store).allSatisfy { $0.hasPrefix("invalid ") })
    }

    /// Every placement of the store, with its source: as a real serve lists them.
    static func placements(in store: TemporaryStore) throws -> [(id: String, source: String)] {
        let server = try ServeProcess(store: store.path)
        let list = try server.request("GET", "/v1/placements").json()
        let entries = try #require(list["placements"] as? [[String: Any]])
        return try entries.map { (try #require($0["id"] as? String), try #require($0["source"] as? String)) }
    }

    /// The validator's verdict on each bundle, in order.
    static func validate(_ bundles: [String], in store: TemporaryStore) throws -> [String] {
        let lines = try store.write(bundles.map { $0 + "\n" }.joined(), to: "bundles-\(UUID().uuidString).jsonl")
        let outcome = try ProjectTools.run("python", ["-c", validator, OpenAPIDocumentTests.path, lines])
        try #require(outcome.status == 0, "\(outcome.standardError)")
        return outcome.outputLines
    }
}
