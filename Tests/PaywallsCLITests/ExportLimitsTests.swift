import Foundation
import Testing

/// The bounds on what an export can multiply (docs/formats.md, "Limits"): at each bound the sample, grown,
/// imports; one past it is refused at the list's pointer with exit 65, and the sample imported before stays
/// the current snapshot. Repeated references are refused at their second place.
@Suite final class ExportLimitsTests {
    let store: TemporaryStore
    let sample: [String: Any]

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        let data = try Data(contentsOf: URL(fileURLWithPath: TemporaryStore.samplePath))
        sample = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The sample changed by `edit`, written to a file of the temporary directory.
    func variant(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        var document = sample
        edit(&document)
        let data = try JSONSerialization.data(withJSONObject: document)
        return try store.write(String(decoding: data, as: UTF8.self), to: name + ".json")
    }

    func snapshots() throws -> String {
        try store.run(["snapshots", "--json"]).standardOutput
    }

    /// Refused with exit 65, `problem` among the problems, and the store as it was.
    func expectRefused(_ file: String, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try snapshots()
        let outcome = try store.run(["import", file])
        #expect(outcome.status == 65, sourceLocation: sourceLocation)
        #expect(outcome.standardError.contains("\n  \(problem)"), "\(outcome.standardError.prefix(600))", sourceLocation: sourceLocation)
        #expect(try snapshots() == before, sourceLocation: sourceLocation)
    }

    /// A bound, and how to grow the sample to a given count of what it bounds.
    struct Bound: CustomTestStringConvertible, Sendable {
        let pointer: String
        let what: String
        let limit: Int
        let grow: @Sendable (inout [String: Any], Int) -> Void
        var testDescription: String { what }
    }

    static func locale(_ index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return "en-\(letters[index / 26 % 26])\(letters[index % 26])"
    }

    static func edit(_ document: inout [String: Any], _ key: String, _ index: Int, _ change: (inout [String: Any]) -> Void) {
        var elements = document[key] as! [[String: Any]]
        change(&elements[index])
        document[key] = elements
    }

    static let bounds: [Bound] = [
        Bound(pointer: "/paywalls/0/localizations", what: "localizations of a paywall", limit: 200) { document, count in
            edit(&document, "paywalls", 0) { paywall in
                var localizations = paywall["localizations"] as! [String: Any]
                for index in 0..<(count - localizations.count) { localizations[locale(index)] = ["strings": ["title": "T"]] }
                paywall["localizations"] = localizations
            }
        },
        Bound(pointer: "/products/0/titles", what: "languages of a product's titles", limit: 200) { document, count in
            edit(&document, "products", 0) { product in
                product["titles"] = Dictionary(uniqueKeysWithValues: (0..<count).map { (locale($0), "Title") })
            }
        },
        Bound(pointer: "/paywalls/0/product_ids", what: "products in a paywall", limit: 50) { document, count in
            var products = document["products"] as! [[String: Any]]
            let extra = (0..<count).map { index -> [String: Any] in
                var product = products[0]
                product["id"] = "extra_\(index)"
                return product
            }
            products += extra
            document["products"] = products
            edit(&document, "paywalls", 0) { $0["product_ids"] = extra.map { $0["id"]! } }
        },
        Bound(pointer: "/products/0/prices", what: "prices of a product", limit: 300) { document, count in
            edit(&document, "products", 0) { product in
                product["prices"] = (0..<count).map { ["country": "US", "currency": "USD", "amount": "\($0 + 1).99"] }
            }
        },
        Bound(pointer: "/placements/0/audiences/0/segment_ids", what: "segments of an audience", limit: 50) { document, count in
            var segments = document["segments"] as! [[String: Any]]
            let extra = (0..<count).map { ["id": "extra_\($0)", "conditions": [["attribute": "plan", "op": "exists"]]] as [String: Any] }
            segments += extra
            document["segments"] = segments
            edit(&document, "placements", 0) { placement in
                var audiences = placement["audiences"] as! [[String: Any]]
                audiences[0]["segment_ids"] = extra.map { $0["id"]! }
                placement["audiences"] = audiences
            }
        },
        Bound(pointer: "/segments/0/conditions", what: "conditions in a segment", limit: 50) { document, count in
            edit(&document, "segments", 0) { segment in
                segment["conditions"] = (0..<count).map { ["attribute": "custom_\($0)", "op": "exists"] }
            }
        },
        Bound(pointer: "/segments/0/conditions/0/values", what: "values in a condition", limit: 1000) { document, count in
            edit(&document, "segments", 0) { segment in
                segment["conditions"] = [["attribute": "country", "op": "in", "values": (0..<count).map { "C\($0)" }]]
            }
        },
    ]

    @Test(arguments: bounds)
    func aCountAtItsBoundImportsAndOnePastIsRefusedAtItsPointer(_ bound: Bound) throws {
        let atBound = try variant("at-bound") { bound.grow(&$0, bound.limit) }
        try store.importExport(atBound)
        let pastBound = try variant("past-bound") { bound.grow(&$0, bound.limit + 1) }
        try expectRefused(pastBound, "\(bound.pointer): \(bound.limit + 1) \(bound.what), more than the \(bound.limit) allowed")
    }

    @Test func aSegmentListedTwiceInAnAudienceIsRefusedAtItsSecondPlace() throws {
        let file = try variant("repeated-segment") { document in
            Self.edit(&document, "placements", 0) { placement in
                var audiences = placement["audiences"] as! [[String: Any]]
                let first = (audiences[0]["segment_ids"] as! [String])[0]
                audiences[0]["segment_ids"] = [first] + Array(repeating: first, count: 100_000)
                placement["audiences"] = audiences
            }
        }
        try expectRefused(file, "/placements/0/audiences/0/segment_ids: 100001 segments of an audience, more than the 50 allowed")
        let twice = try variant("segment-twice") { document in
            Self.edit(&document, "placements", 0) { placement in
                var audiences = placement["audiences"] as! [[String: Any]]
                audiences[0]["segment_ids"] = ["apple_ads", "app_3_2_plus", "apple_ads"]
                placement["audiences"] = audiences
            }
        }
        try expectRefused(twice, "/placements/0/audiences/0/segment_ids/2: segment 'apple_ads' is listed already at /placements/0/audiences/0/segment_ids/0")
    }

    @Test func aProductListedTwiceInAPaywallIsRefusedAtItsSecondPlace() throws {
        let file = try variant("repeated-product") { document in
            Self.edit(&document, "paywalls", 0) { paywall in
                let first = (paywall["product_ids"] as! [String])[0]
                paywall["product_ids"] = [first, "prod_premium_monthly", first]
            }
        }
        try expectRefused(file, "/paywalls/0/product_ids/2: product 'prod_premium_yearly' is listed already at /paywalls/0/product_ids/0")
    }

    /// A number of 1,024 bytes imports and is served as written; one byte more is refused at its pointer.
    @Test func aNumberIsBoundedAtItsPointer() throws {
        func withNumber(_ digits: Int) throws -> String {
            let file = try variant("number-\(digits)") { document in
                Self.edit(&document, "paywalls", 0) { paywall in
                    var localizations = paywall["localizations"] as! [String: Any]
                    localizations["en"] = ["remote_config": ["n": [1, "NUMBER"]], "strings": ["title": "T"]]
                    paywall["localizations"] = localizations
                }
            }
            let text = try String(contentsOfFile: file, encoding: .utf8)
            return try store.write(text.replacingOccurrences(of: "\"NUMBER\"", with: String(repeating: "9", count: digits)), to: "number-\(digits).json")
        }
        try store.importExport(try withNumber(1024))
        let bundle = try store.run(["resolve", "--placement", "onboarding", "--locale", "en"])
        #expect(bundle.standardOutput.contains(String(repeating: "9", count: 1024)))
        try expectRefused(try withNumber(1025), "/paywalls/0/localizations/en/remote_config/n/1: number longer than 1024 bytes (line 1, column ")
    }

    /// Prices are formatted at import only for the locales of the paywalls that sell them: a product no
    /// paywall sells, with hundreds of prices, and a paywall in 200 locales add a handful of texts, not
    /// every price in every locale.
    @Test func onlyThePricesAPaywallShowsAreFormattedForItsLocales() throws {
        let file = try variant("many-locales-and-prices") { document in
            Self.bounds[0].grow(&document, 200)
            var products = document["products"] as! [[String: Any]]
            var unsold = products[0]
            unsold["id"] = "unsold"
            unsold["prices"] = (0..<300).map { ["country": "US", "currency": "USD", "amount": "\($0 + 1).49"] }
            products.append(unsold)
            document["products"] = products
        }
        try store.importExport(file)
        let rows = try Python.run("""
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            print(c.execute("SELECT count(*), sum(key LIKE 'price USD %.49') FROM formatted_texts WHERE snapshot_id = (SELECT max(id) FROM snapshots)").fetchone())
            """, [store.databasePath])
        let counts = rows.trimmingCharacters(in: CharacterSet(charactersIn: "()\n")).split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) ?? -1 }
        // Every locale named (about 215) × the sold products' prices and periods: some thousands, where
        // every price in every locale would be 300 more per locale.
        #expect(counts.count == 2 && counts[1] == 0, "\(rows)")
        #expect(counts[0] > 0 && counts[0] < 20_000, "\(rows)")
    }

    /// A paywall at every bound (200 locales, 50 products of 300 prices each) would take 3 million texts: import
    /// formats the first 30,000 it reaches and leaves the rest to `resolve`.
    @Test func formattingAtImportStopsAtItsBound() throws {
        let file = try variant("every-bound") { document in
            Self.bounds[0].grow(&document, 200)
            let template = (document["products"] as! [[String: Any]])[0]
            let products = (0..<50).map { index -> [String: Any] in
                var product = template
                product["id"] = "bounded_\(index)"
                product["prices"] = (0..<300).map { ["country": "US", "currency": "USD", "amount": "\(index * 1_000 + $0 + 1).99"] }
                return product
            }
            document["products"] = (document["products"] as! [[String: Any]]) + products
            Self.edit(&document, "paywalls", 0) { $0["product_ids"] = products.map { $0["id"]! } }
        }
        #expect(try store.importExport(file).status == 0)
        let count = try Python.run("""
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            print(c.execute("SELECT count(*) FROM formatted_texts WHERE snapshot_id = (SELECT max(id) FROM snapshots)").fetchone()[0])
            """, [store.databasePath])
        #expect(count.trimmingCharacters(in: .whitespacesAndNewlines) == "30000")
    }
}
