import PaywallModel
@testable import PaywallStore
import Testing

/// A snapshot read whole, as `serve` compiles it: what each placement reads, with a segment many placements
/// use held once rather than once per placement.
@Suite final class SnapshotContentsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Fifty placements whose first audience names the fixture's two segments.
    static func export() -> PaywallExport {
        let placements = (0..<50).map { index in
            Placement(id: "placement-\(index)", audiences: [
                Audience(name: "iOS 3.2 in Brazil", priority: 1, segmentIDs: ["ios_3_2", "lusophone"], versionID: "version-\(index)",
                         variations: [Variation(variationID: "variation-\(index)", contentKey: "pw_hero", weight: 100)]),
                Audience(name: "All Users", priority: 2, segmentIDs: [], versionID: "default-\(index)",
                         variations: [Variation(variationID: "default-\(index)", contentKey: "pw_promo", weight: 100)]),
            ])
        }
        let fixture = Fixture.export()
        return PaywallExport(appID: fixture.appID, revision: fixture.revision, exportedAt: fixture.exportedAt, defaultLocale: fixture.defaultLocale,
                             format: fixture.format, segments: fixture.segments, products: fixture.products, paywalls: fixture.paywalls,
                             placements: placements)
    }

    @Test func aSegmentManyPlacementsUseIsHeldOnce() throws {
        let export = Self.export()
        let store = try PaywallStore.open(at: directory.store, create: true)
        let contents = try store.contents(of: try store.publish(export, hash: 1).snapshot)

        #expect(contents.placements == export.placements.map { StoredPlacement(placement: $0, segments: [export.segments[0], export.segments[2]]) })
        for position in 0..<2 {
            let storage = Set(contents.placements.map { placement in
                placement.segments[position].conditions.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            })
            #expect(storage.count == 1, "segment '\(contents.placements[0].segments[position].id)' is held \(storage.count) times")
        }
    }
}
