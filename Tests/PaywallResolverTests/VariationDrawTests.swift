@testable import PaywallResolver
import PaywallModel
import Testing

/// The vendor SDKs' bucketing (docs/contracts.md). Expected buckets were computed independently with Python's
/// hashlib: int.from_bytes(md5(f"{version}-{profile}").digest()[-8:], "big") % 100.
@Suite struct VariationDrawTests {
    @Test(arguments: [
        ("9a1d7c2e-5b1f-4a8e-9d3c-0f6e2b7a4c11", "user-1", 11),
        ("9a1d7c2e-5b1f-4a8e-9d3c-0f6e2b7a4c11", "user-2", 21),
        ("3f0c", "profile-42", 8),
        ("v-all", "a", 38),
        ("v-all", "b", 27),
        ("v-all", "", 69),
        ("версия", "профиль", 15),
        ("v-all", "00000000-0000-0000-0000-000000000000", 82),
    ])
    func bucketsLikeTheVendor(_ versionID: String, _ profileID: String, _ bucket: Int) {
        #expect(VariationDraw.bucket(versionID: versionID, profileID: profileID) == bucket)
    }

    static func audience(_ versionID: String, _ variations: [(String, Int)]) -> Audience {
        Audience(name: "All Users", priority: 100, segmentIDs: [], versionID: versionID,
                 variations: variations.map { Variation(variationID: $0.0, contentKey: "pw-\($0.0)", weight: $0.1) })
    }

    /// The id of the variation the draw of `audience` gives `profileID`, and the bucket.
    static func chosen(in audience: Audience, profileID: String?) -> (variationID: String, bucket: Int?)? {
        VariationDraw(audience).choice(for: profileID).map { (audience.variations[$0.index].variationID, $0.bucket) }
    }

    /// Variations are walked by ascending weight, then id: (20 c) (30 b) (50 a).
    @Test(arguments: [
        ("user-1", "c"),  // bucket 11: 11 - 20 < 0
        ("user-2", "b"),  // bucket 21: 21 - 20 = 1, 1 - 30 < 0
        ("00000000-0000-0000-0000-000000000000", "a"),  // bucket 82 (version v-all below)
    ])
    func walksVariationsByAscendingWeight(_ profileID: String, _ expected: String) throws {
        let versionID = profileID.hasPrefix("0000") ? "v-all" : "9a1d7c2e-5b1f-4a8e-9d3c-0f6e2b7a4c11"
        let selection = try #require(Self.chosen(in: Self.audience(versionID, [("a", 50), ("b", 30), ("c", 20)]), profileID: profileID))
        #expect(selection.variationID == expected)
        #expect(selection.bucket == VariationDraw.bucket(versionID: versionID, profileID: profileID))
    }

    @Test func equalWeightsAreOrderedByVariationID() throws {
        // Bucket 38 with 50/50: (50 x) takes 0...49 whatever order the export lists them in.
        let forward = try #require(Self.chosen(in: Self.audience("v-all", [("y", 50), ("x", 50)]), profileID: "a"))
        let backward = try #require(Self.chosen(in: Self.audience("v-all", [("x", 50), ("y", 50)]), profileID: "a"))
        #expect(forward.variationID == "x")
        #expect(backward.variationID == "x")
    }

    @Test func withoutAProfileTheHeaviestWinsAndTiesGoToTheSmallestID() {
        #expect(Self.chosen(in: Self.audience("v", [("b", 30), ("a", 20), ("c", 50)]), profileID: nil)?.variationID == "c")
        #expect(Self.chosen(in: Self.audience("v", [("z", 50), ("m", 50)]), profileID: nil)?.variationID == "m")
        #expect(Self.chosen(in: Self.audience("v", [("z", 50), ("m", 50)]), profileID: nil)?.bucket == nil)
    }

    @Test func theLastVariationCatchesWeightsThatDoNotReachTheBucket() throws {
        // Weights 10 + 10: bucket 69 never drops below zero, so the last in walking order is taken.
        let selection = try #require(Self.chosen(in: Self.audience("v-all", [("b", 10), ("a", 10)]), profileID: ""))
        #expect(selection.bucket == 69)
        #expect(selection.variationID == "b")
    }

    @Test func anAudienceWithoutVariationsSelectsNothing() {
        #expect(Self.chosen(in: Self.audience("v", []), profileID: "user-1") == nil)
        #expect(Self.chosen(in: Self.audience("v", []), profileID: nil) == nil)
    }
}
