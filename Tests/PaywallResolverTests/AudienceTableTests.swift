@testable import PaywallResolver
import PaywallModel
import PaywallStore
import Testing

/// How a placement's audiences are tried: each segment's conditions laid out once, however many
/// audiences name it, and the audiences tried by priority, each passed over at its first failing segment.
@Suite struct AudienceTableTests {
    static let brazilOnIOS = Segment(id: "brazil-ios", conditions: [Condition(attribute: "country", op: .in, values: ["BR"]),
                                                                     Condition(attribute: "platform", op: .eq, values: ["ios"])])
    static let pro = Segment(id: "pro", conditions: [Condition(attribute: "plan", op: .eq, values: ["pro"])])

    static func audience(_ name: String, priority: Int, segments: [String]) -> Audience {
        Audience(name: name, priority: priority, segmentIDs: segments, versionID: "version-\(name)",
                 variations: [Variation(variationID: "\(name)-only", contentKey: "paywall-\(name)", weight: 100)])
    }

    /// Listed out of priority order, with segments shared between audiences and one the snapshot lacks.
    static let table = AudienceTable(StoredPlacement(
        placement: Placement(id: "onboarding", audiences: [
            audience("everyone", priority: 9, segments: []),
            audience("pro-buyers", priority: 1, segments: ["pro"]),
            audience("brazil-pro", priority: 0, segments: ["brazil-ios", "pro"]),
            audience("pro-in-brazil", priority: 2, segments: ["pro", "brazil-ios"]),
            audience("gone", priority: 3, segments: ["deleted-segment"]),
        ]),
        segments: [brazilOnIOS, pro]))

    @Test func eachSegmentsConditionsAreKeptOnce() {
        #expect(Self.table.segmentConditions.count == 3)
        #expect(Self.table.segmentConditions.compactMap { $0?.count }.sorted() == [1, 2])
        #expect(Self.table.conditions.count == 3)
    }

    /// The audience chosen, and each passed over before it with its first failing segment.
    static func choice(for context: UserContext) -> (chosen: Int?, passedOver: [String]) {
        var passedOver: [String] = []
        let entry = table.firstEntry(for: ResolutionRequest(placementID: "onboarding", context: context)) { audience, failing in
            passedOver.append("\(audience):\(failing.map(String.init) ?? "-")")
        }
        return (entry?.index, passedOver)
    }

    @Test func audiencesAreTriedByPriorityAndPassedOverAtTheirFirstFailingSegment() {
        let brazilianPro = Self.choice(for: UserContext(country: "BR", platform: "ios", attributes: ["plan": "pro"]))
        #expect(brazilianPro.chosen == 2)
        #expect(brazilianPro.passedOver.isEmpty)

        let germanPro = Self.choice(for: UserContext(country: "DE", platform: "ios", attributes: ["plan": "pro"]))
        #expect(germanPro.chosen == 1)
        #expect(germanPro.passedOver == ["2:0"])

        // The shared segments fail wherever they stand; the missing one never matches.
        let nobody = Self.choice(for: UserContext())
        #expect(nobody.chosen == 0)
        #expect(nobody.passedOver == ["2:0", "1:0", "3:0", "4:0"])
    }
}
