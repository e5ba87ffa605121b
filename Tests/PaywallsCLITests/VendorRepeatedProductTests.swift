import Foundation
import FixtureSupport
import Testing

/// A vendor file whose paywall lists one product several times, which the vendor's SDKs load: it is imported, the
/// first copy read, and one warning says where the others are.
@Suite struct VendorRepeatedProductTests {
    @Test func aRepeatedProductIsReadOnceWithAWarning() throws {
        let store = try TemporaryStore()
        let data = try Data(contentsOf: Repository.file("sync-config/sample-adapty-fallback-v9.json"))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var placements = try #require(document["data"] as? [String: Any])
        var placement = try #require(placements["onboarding"] as? [String: Any])
        var variations = try #require(placement["data"] as? [[String: Any]])
        var products = try #require(variations[0]["products"] as? [[String: Any]])
        let sold = products.count
        products += Array(repeating: products[0], count: 3)
        variations[0]["products"] = products
        placement["data"] = variations
        placements["onboarding"] = placement
        document["data"] = placements
        let file = try store.write(String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self), to: "repeated.json")

        let outcome = try store.importExport(file)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let warnings = outcome.standardError.split(separator: "\n").filter { $0.contains("is listed already at /data/onboarding/data/0/products/0") }
        #expect(warnings.count == 1, "\(outcome.standardError)")
        #expect(warnings.first?.contains("/data/onboarding/data/0/products/\(sold): product '") == true, "\(outcome.standardError)")
        let bundle = try store.resolve(["--placement", "onboarding"])
        #expect((bundle["products"] as? [Any])?.count == sold)
    }
}
