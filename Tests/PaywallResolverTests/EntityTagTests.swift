import Foundation
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// A bundle's entity tag says what the bundle says (docs/contracts.md): replicas that imported the same export at
/// other times, under other snapshot numbers, give the same tag; another bundle, or the same bundle
/// from other content, another.
@Suite struct EntityTagTests {
    /// The sample imported into two stores, compiled: the second numbers it 2 (another source's export
    /// came first) and synced it a day later.
    static func twoReplicas() throws -> (PublishedFixture, [CompiledSnapshots]) {
        let first = try PublishedFixture("sync-config/sample-export.json", importedAt: "2026-12-01T08:00:00Z")
        let second = try PublishedFixture("Tests/Fixtures/adapty-fallback/format-11.json", source: "flows", importedAt: "2026-12-01T09:00:00Z")
        let replicated = try second.publish(PublishedFixture.decode("sync-config/sample-export.json"), as: "local",
                                            importedAt: "2026-12-02T08:00:00Z")
        return (first, try [(first, first.snapshot), (second, replicated)].map { fixture, snapshot in
            try CompiledSnapshots(store: fixture.store, snapshots: [snapshot])
        })
    }

    /// The bundle's bytes up to its snapshot member, which alone says where and when it was synced.
    static func withoutSnapshot(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return String(text[..<text.range(of: #","snapshot":{"#)!.lowerBound])
    }

    @Test func replicasOfOneExportGiveOneTagPerBundle() throws {
        let (first, replicas) = try Self.twoReplicas()
        #expect(replicas[0].snapshots[0].snapshot.key != replicas[1].snapshots[0].snapshot.key)
        var requests = RandomRequests(seed: 4)
        var tagsByContent: [String: String] = [:]
        var contentByTag: [String: String] = [:]
        var bundles = 0
        for _ in 0..<1500 {
            let request = requests.next(placements: try first.store.reader(of: first.snapshot).placementIDs(), sources: ["local"])
            guard let bundle = try? replicas[0].renderedBundle(request) else { continue }
            let replicated = try replicas[1].renderedBundle(request)
            #expect(replicated.joinedBytes != bundle.joinedBytes, "the snapshot members differ")
            #expect(replicated.entityTag == bundle.entityTag, "\(request)")
            let content = Self.withoutSnapshot(bundle.joinedBytes)
            #expect(Self.withoutSnapshot(replicated.joinedBytes) == content)
            // One tag per content, one content per tag.
            #expect(tagsByContent.updateValue(bundle.entityTag, forKey: content).map { $0 == bundle.entityTag } ?? true)
            #expect(contentByTag.updateValue(content, forKey: bundle.entityTag).map { $0 == content } ?? true)
            bundles += 1
        }
        #expect(bundles > 1000 && tagsByContent.count > 200, "\(bundles) bundles, \(tagsByContent.count) distinct")
    }

    @Test func aTagIsAStrongValidatorOfThirtyTwoHexDigits() throws {
        let tag = try Self.twoReplicas().1[0].renderedBundle(ResolutionRequest(placementID: "onboarding", locales: ["pt_BR"])).entityTag
        #expect(tag.count == 34 && tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))
        #expect(tag.dropFirst().dropLast().allSatisfy { "0123456789abcdef".contains($0) })
    }

    /// Content elsewhere in the export changed: the bundle's own bytes are the same, its snapshot is
    /// another, so is its tag (a cache must not keep serving a bundle of content that is gone).
    @Test func theSameBundleFromOtherContentHasAnotherTag() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        var changed = try PublishedFixture.decode("sync-config/sample-export.json")
        changed.placements.removeAll { $0.id == "settings" }
        let other = try fixture.publish(changed, as: "other", contentHash: String(repeating: "cd", count: 32))
        let request = ResolutionRequest(placementID: "onboarding", locales: ["de-AT"], profileID: "u1")
        let before = try CompiledSnapshots(store: fixture.store, snapshots: [fixture.snapshot]).renderedBundle(request)
        let after = try CompiledSnapshots(store: fixture.store, snapshots: [other]).renderedBundle(request)
        #expect(Self.withoutSnapshot(before.joinedBytes) == Self.withoutSnapshot(after.joinedBytes))
        #expect(before.entityTag != after.entityTag)
    }
}
